import type { EventEmitter } from 'node:events';
import type archiver from 'archiver';

/**
 * Resolves once `archive` has taken the entry just appended ('entry'), so the next is read only then; rejects on the
 * archive's error or when `download` (the archive itself, or the stream it is piped into) closes first.
 */
export function entryTaken(archive: archiver.Archiver, download: EventEmitter): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const done = (error?: Error) => {
      archive.off('entry', onEntry);
      archive.off('error', onError);
      download.off('close', onClose);
      if (error) reject(error);
      else resolve();
    };
    const onEntry = () => done();
    const onError = (error: Error) => done(error);
    const onClose = () => done(new Error('The download was closed before it finished.'));
    archive.once('entry', onEntry);
    archive.once('error', onError);
    download.once('close', onClose);
  });
}
