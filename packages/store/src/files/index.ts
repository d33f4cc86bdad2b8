export { assertValidFileKey, type FileStorage, type StoredFile, type StoredFileInfo } from './file-storage';
export { createLocalFileStorage } from './local-disk-storage';
export { createDatabaseFileStorage } from './database-storage';
