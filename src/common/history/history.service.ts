import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { AuthUser } from '../auth/auth-user';
import { InvalidInput, RecordNotFound } from '../http/validation-result';
import { History } from './history.entity';

/** A step of a document's life as the stepper shows it (spec 01 section 3, Step). */
export interface DocumentStep {
  name: string;
  displayName: string;
  description: string;
  applicable: boolean;
  justification: string;
}

/**
 * Who may read a document's history: the module that owns the document says whether the user
 * sees that document (sales: its store is in the profile). Unregistered types are a 400.
 */
const DESCRIPTION_MAX = 1000;

export type HistoryReader = (documentID: number, user: AuthUser) => Promise<boolean>;

export interface HistoryEntry {
  documentType: string;
  documentID: number;
  step: string;
  description: string;
}

/**
 * The history trail written once for every document type (sales now, rota lines later).
 * Entries are written inside the caller's transaction, so a change and its history commit
 * together or not at all.
 */
@Injectable()
export class HistoryService {
  private readonly readers = new Map<string, HistoryReader>();

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  register(documentType: string, reader: HistoryReader): void {
    this.readers.set(documentType, reader);
  }

  documentTypes(): string[] {
    return [...this.readers.keys()];
  }

  /** Writes one entry with `manager` (the change's transaction) and answers its id. */
  async write(manager: EntityManager, entry: HistoryEntry, user: Pick<AuthUser, 'name'>): Promise<number> {
    // The column holds 1,000 characters: a reason of that length after 'Cancelled: ' is cut, not refused.
    const description = entry.description.length > DESCRIPTION_MAX ? `${entry.description.slice(0, DESCRIPTION_MAX - 1)}…` : entry.description;
    const saved = await manager.save(History, manager.create(History, { ...entry, description, createdDate: new Date(), createdByUserName: user.name }));
    return saved.historyID;
  }

  /** Every entry of a document, oldest first; 404 when the user does not see the document. */
  async list(documentType: string, documentID: number, user: AuthUser): Promise<Record<string, unknown>[]> {
    const reader = this.readers.get(documentType);
    if (!reader) throw new InvalidInput({ documentType: `Must be one of ${this.documentTypes().join(', ')}` });
    if (!(await reader(documentID, user))) throw new RecordNotFound('Document');
    const rows = await this.dataSource.manager.find(History, { where: { documentType, documentID }, order: { historyID: 'ASC' } });
    return rows.map((h) => ({ ...h }));
  }

  /** The entries of a document as its module reads them (e.g. to tell which steps applied). */
  entries(manager: EntityManager, documentType: string, documentID: number): Promise<History[]> {
    return manager.find(History, { where: { documentType, documentID }, order: { historyID: 'ASC' } });
  }
}
