/** The rate card upload's mapping is the shared one of both upload wizards (operations/upload). */
export * from '../../operations/upload/uploadMapping';
