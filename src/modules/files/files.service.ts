import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, readdir, rename, stat, unlink } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { dirname, join, resolve, sep } from 'node:path';
import { DataSource, Not } from 'typeorm';
import type { AuthUser } from '../../common/auth/auth-user';
import { stampCreated } from '../../common/db/audited.entity';
import { InvalidInput, NotAllowed, RecordNotFound } from '../../common/http/validation-result';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { ownerOnlyDirectory } from '../../config/owner-only';
import { BRANDING_NAMES, Branding, type BrandingName } from './entities/branding.entity';
import { StoredFile } from './entities/stored-file.entity';
import { KIND_INFO, kindOf, type FileKind } from './file-kinds';
import { imageRefusal } from './image-checks';
import { acceptedKinds, libraryNamed, mayRead, mayUpload, READ_EVERY_LIBRARY } from './libraries';
import { FILE_FIELD, receiveOneFile } from './multipart-upload';

/** What the API shows of a file (never where it is stored). */
export interface FileRow {
  fileID: number;
  library: string;
  type: string;
  kind: string;
  contentType: string;
  size: number;
  originalName: string;
  createdByUserName: string;
  createdDate: Date | null;
}

export function fileRow(file: StoredFile): FileRow {
  const { fileID, library, type, kind, contentType, size, originalName, createdByUserName, createdDate } = file;
  return { fileID, library, type, kind, contentType, size, originalName, createdByUserName, createdDate };
}

/**
 * Whether `user` may read `file` of a library read by its uploader (see Library.readers), beyond
 * the uploader and SystemSetup. Supplied by the module whose records use such files: the sales
 * module grants a receipt to the users who can see the store of a sale that uses it.
 */
export type FileReadGrant = (file: StoredFile, user: AuthUser) => Promise<boolean>;

/** A file ready to be sent: its record, its path on disk and how big it is there. */
export interface OpenedFile {
  file: StoredFile;
  path: string;
  size: number;
  stream: () => ReadStream;
}

const INCOMING = '.incoming';
const DAY_MS = 24 * 60 * 60 * 1000;

/** The client's name, for showing only: no folders, no control characters, at most 255 characters. */
export function cleanFileName(name: string, fallback: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return Array.from(cleaned || fallback)
    .slice(0, 255)
    .join('');
}

function listOf(kinds: readonly FileKind[]): string {
  const labels = kinds.map((kind) => KIND_INFO[kind].label);
  return labels.length === 1 ? labels[0] : `${labels.slice(0, -1).join(', ')} or ${labels[labels.length - 1]}`;
}

/**
 * Uploaded files: received as a stream to a temporary file, told apart by content, moved
 * under FILES_DIR with a generated name and described by one `file` row. Other modules
 * reach files through this service (find, open, remove).
 */
@Injectable()
export class FilesService implements OnModuleInit {
  private readonly logger = new Logger('Files');
  private readonly readGrants = new Map<string, FileReadGrant[]>();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get filesDir(): string {
    return resolve(this.config.filesDir);
  }

  /** Partial uploads a crashed process left behind are removed after a day (other nodes may be mid-upload). */
  async onModuleInit(): Promise<void> {
    const incoming = join(this.filesDir, INCOMING);
    // Owner only, like the data directory (uploads may be receipts or staff data), existing folders narrowed too.
    ownerOnlyDirectory(this.filesDir, 'FILES_DIR');
    ownerOnlyDirectory(incoming, 'FILES_DIR folder');
    for (const entry of await readdir(this.filesDir, { withFileTypes: true })) {
      if (entry.isDirectory()) ownerOnlyDirectory(join(this.filesDir, entry.name), 'FILES_DIR folder');
    }
    for (const name of await readdir(incoming).catch(() => [] as string[])) {
      const path = join(incoming, name);
      const info = await stat(path).catch(() => null);
      if (info && Date.now() - info.mtimeMs > DAY_MS) await unlink(path).catch(() => undefined);
    }
  }

  /** Refuses, before a byte of the body is read, an upload the user may not make or that names no known place. */
  checkUpload(libraryName: string, type: string, user: AuthUser): readonly FileKind[] {
    const library = libraryNamed(libraryName);
    if (!library) throw new InvalidInput({ library: `There is no file library called "${libraryName.slice(0, 50)}"` });
    const kinds = acceptedKinds(library, type);
    if (!kinds) {
      throw new InvalidInput({ type: `Files of type "${type.slice(0, 50)}" cannot be uploaded to ${libraryName}` });
    }
    if (!mayUpload(user, library)) throw new NotAllowed(`Your access profile does not include ${library.areas.join(' or ')}`);
    return kinds;
  }

  /**
   * POST /file/{library}/{type}: stream the one file to disk, check its kind from its
   * content, keep it. Any refusal leaves nothing on disk or in the database.
   */
  async upload(libraryName: string, type: string, req: IncomingMessage, user: AuthUser): Promise<StoredFile> {
    return (await this.uploadWithFields(libraryName, type, req, user)).file;
  }

  /**
   * upload, also answering the form's text fields sent with the file (unchecked: the caller
   * checks them, and removes the file when it refuses them). `maxBytes` may narrow the
   * configured limit (a receipt scan: 50 MB).
   */
  async uploadWithFields(
    libraryName: string,
    type: string,
    req: IncomingMessage,
    user: AuthUser,
    options: { maxBytes?: number } = {},
  ): Promise<{ file: StoredFile; fields: Record<string, string> }> {
    const kinds = this.checkUpload(libraryName, type, user);
    const maxBytes = Math.min(options.maxBytes ?? Infinity, this.config.maxUploadBytes);
    const received = await receiveOneFile(req, { maxBytes, incomingDir: join(this.filesDir, INCOMING) });
    let finalPath: string | undefined;
    try {
      const kind = await kindOf(received.head, received.tempPath, received.size);
      if (!kind || !kinds.includes(kind)) {
        const message = `The file must be ${listOf(kinds)}; its content is ${kind ? KIND_INFO[kind].label : 'not a kind this app accepts'}`;
        throw new InvalidInput({ [FILE_FIELD]: message }, message);
      }
      const imageLimits = libraryNamed(libraryName)?.imageLimits;
      if (imageLimits) {
        const refusal = await imageRefusal(kind, received.tempPath, received.size, received.clientName, received.declaredType, imageLimits);
        if (refusal) throw new InvalidInput({ [FILE_FIELD]: refusal }, refusal);
      }
      const info = KIND_INFO[kind];
      const storedName = `${libraryName}/${randomUUID()}.${info.extension}`;
      finalPath = this.pathOf(storedName);
      await mkdir(dirname(finalPath), { recursive: true, mode: 0o700 });
      await rename(received.tempPath, finalPath);
      const file = Object.assign(new StoredFile(), {
        library: libraryName,
        type,
        kind,
        contentType: info.contentType,
        size: received.size,
        originalName: cleanFileName(received.clientName, `${type}.${info.extension}`),
        storedName,
        sha256: received.sha256,
        createdByUserID: user.userID,
      });
      stampCreated(file, user.name);
      return { file: await this.dataSource.getRepository(StoredFile).save(file), fields: received.fields };
    } catch (error) {
      await unlink(finalPath ?? received.tempPath).catch(() => undefined);
      throw error;
    }
  }

  async find(fileID: number): Promise<StoredFile | null> {
    return this.dataSource.getRepository(StoredFile).findOneBy({ fileID });
  }

  /**
   * Lets more users read the files of a library read by its uploader (receipts); call it from the
   * using module's onModuleInit. A file is readable when any grant of its library says so.
   */
  addReadGrant(library: string, grant: FileReadGrant): void {
    this.readGrants.set(library, [...(this.readGrants.get(library) ?? []), grant]);
  }

  /**
   * A file the user may read, else 404 (no such file, or one the user may not know of) or 403
   * (a library whose area the profile lacks).
   */
  async findForUser(fileID: number, user: AuthUser): Promise<StoredFile> {
    const file = await this.find(fileID);
    if (!file) throw new RecordNotFound('File');
    const access = await this.accessTo(file, user);
    if (access === 'hidden') throw new RecordNotFound('File');
    if (access === 'forbidden') throw new NotAllowed('Your access profile does not allow reading this file');
    return file;
  }

  /**
   * 'read'; 'forbidden' when the library's area is missing (its files are the library's, so the
   * 403 tells nothing about one file); 'hidden' for a file of a library read by its uploader.
   */
  private async accessTo(file: StoredFile, user: AuthUser): Promise<'read' | 'forbidden' | 'hidden'> {
    if (libraryNamed(file.library)?.readers !== 'uploader') return mayRead(user, file.library) ? 'read' : 'forbidden';
    if (user.systemAreas.has(READ_EVERY_LIBRARY) || file.createdByUserID === user.userID) return 'read';
    for (const grant of this.readGrants.get(file.library) ?? []) if (await grant(file, user)) return 'read';
    return 'hidden';
  }

  /** The file on disk, or a 404 (logged) when the record outlived its bytes. */
  async open(file: StoredFile): Promise<OpenedFile> {
    const path = this.pathOf(file.storedName);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) {
      this.logger.error(`File ${file.fileID} (${file.storedName}) is missing from ${this.filesDir}`);
      throw new RecordNotFound('File');
    }
    return { file, path, size: info.size, stream: () => createReadStream(path) };
  }

  /**
   * For modules that read an uploaded file's content (an Excel import): the file, opened, when it
   * exists, the user may read it, it was uploaded to `library` and its content is `kind`. Anything
   * else is a 400 on `field` (the id is the caller's input), or a 403 when the user may not read it.
   */
  async openUpload(fileID: number, user: AuthUser, library: string, kind: FileKind, field = 'fileID'): Promise<OpenedFile> {
    const file = await this.find(fileID);
    const access = file ? await this.accessTo(file, user) : 'hidden';
    if (!file || access === 'hidden') throw new InvalidInput({ [field]: 'There is no uploaded file with this id' });
    if (access === 'forbidden') throw new NotAllowed('Your access profile does not allow reading this file');
    if (file.library !== library) throw new InvalidInput({ [field]: `The file was not uploaded as ${library}` });
    if (file.kind !== kind)
      throw new InvalidInput({ [field]: `The file must be ${listOf([kind])}; its content is ${KIND_INFO[file.kind as FileKind]?.label ?? file.kind}` });
    try {
      return await this.open(file);
    } catch {
      throw new InvalidInput({ [field]: 'The file is no longer available; upload it again' });
    }
  }

  /** Deletes a file's row, then its bytes. */
  async remove(fileID: number): Promise<void> {
    const file = await this.find(fileID);
    if (!file) return;
    await this.dataSource.getRepository(StoredFile).delete({ fileID });
    await this.unlinkQuietly(file.storedName);
  }

  // ---------- branding ----------

  async branding(name: BrandingName): Promise<StoredFile | null> {
    const row = await this.dataSource.getRepository(Branding).findOne({ where: { name }, relations: { file: true } });
    return row?.file ?? null;
  }

  /**
   * GET /file/branding: each image's version (its ETag), null when none is set, so the client
   * asks for only the images that exist and a page never logs a 404 for a missing one.
   */
  async brandingVersions(): Promise<Record<BrandingName, string | null>> {
    const rows = await this.dataSource.getRepository(Branding).find({ relations: { file: true } });
    const versions = Object.fromEntries(BRANDING_NAMES.map((name) => [name, null])) as Record<BrandingName, string | null>;
    for (const row of rows) if (row.file) versions[row.name] = row.file.sha256;
    return versions;
  }

  /**
   * POST /file/customisation/{name}: the upload becomes the current image; the one it
   * replaces (and any other left from a race) is deleted with its bytes.
   */
  async setBranding(name: BrandingName, req: IncomingMessage, user: AuthUser): Promise<StoredFile> {
    const file = await this.upload('customisation', name, req, user);
    try {
      const replaced = await this.dataSource.transaction(async (manager) => {
        await manager.save(Branding, { name, fileID: file.fileID, updatedByUserName: user.name, updatedDate: new Date() });
        const stale = await manager.find(StoredFile, { where: { library: 'customisation', type: name, fileID: Not(file.fileID) } });
        if (stale.length)
          await manager.delete(
            StoredFile,
            stale.map((f) => f.fileID),
          );
        return stale;
      });
      for (const old of replaced) await this.unlinkQuietly(old.storedName);
      return file;
    } catch (error) {
      await this.remove(file.fileID).catch(() => undefined);
      throw error;
    }
  }

  /** DELETE /file/{name}: back to none (the app name, the plain background, no favicon). */
  async resetBranding(name: BrandingName): Promise<void> {
    const removed = await this.dataSource.transaction(async (manager) => {
      await manager.delete(Branding, { name });
      const files = await manager.find(StoredFile, { where: { library: 'customisation', type: name } });
      if (files.length)
        await manager.delete(
          StoredFile,
          files.map((f) => f.fileID),
        );
      return files;
    });
    for (const file of removed) await this.unlinkQuietly(file.storedName);
  }

  // ---------- disk ----------

  /** Absolute path of a stored name; never outside FILES_DIR. */
  private pathOf(storedName: string): string {
    const path = resolve(this.filesDir, storedName);
    if (!path.startsWith(this.filesDir + sep)) throw new Error(`Stored name outside the files directory: ${storedName}`);
    return path;
  }

  private async unlinkQuietly(storedName: string): Promise<void> {
    await unlink(this.pathOf(storedName)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') this.logger.warn(`Could not delete ${storedName}: ${error.message}`);
    });
  }
}
