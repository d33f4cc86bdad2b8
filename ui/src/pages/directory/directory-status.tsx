import { useState } from 'react';
import type { DirectoryRecord } from '../../api/directory';
import type { RecordStatus } from '../../api/list';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useToast } from '../../components/toast';
import { capitalised, type DirectoryDefinition } from './directory-definition';

type StatusDefinition<T extends DirectoryRecord> = Pick<DirectoryDefinition<T, string>, 'noun' | 'useMutations'>;

/** Sets a record's status with its toast ('Kund aktiverad'); rejects on failure (a confirmation then stays open). */
export function useStatusChange<T extends DirectoryRecord>(def: StatusDefinition<T>): (record: T, status: RecordStatus, reason?: string) => Promise<void> {
  const { update } = def.useMutations();
  const { toast } = useToast();
  return async (record, status, reason) => {
    try {
      await update(record.id, { status, ...(reason ? { reason } : {}) });
      const done = status === 'active' ? 'aktiverad' : 'inaktiverad';
      toast({ title: `${capitalised(def.noun.one)} ${done}`, description: record.name, variant: 'success' });
    } catch (statusError) {
      toast({ title: 'Fel vid uppdatering', description: (statusError as Error).message, variant: 'destructive' });
      throw statusError;
    }
  };
}

/** 'Inaktivera' with a reason: the record asked about, and the confirmation. */
export function useDeactivation<T extends DirectoryRecord>(def: StatusDefinition<T> & Pick<DirectoryDefinition<T, string>, 'deactivate'>) {
  const changeStatus = useStatusChange(def);
  // The record being deactivated stays while the confirmation closes (its row may leave the list).
  const [record, setRecord] = useState<T | null>(null);
  const [isOpen, setOpen] = useState(false);
  const ask = (next: T) => {
    setRecord(next);
    setOpen(true);
  };
  const dialog = (
    <ConfirmDialog
      open={isOpen}
      title={`Inaktivera ${record?.name ?? def.noun.the}?`}
      description={`En inaktiv ${def.noun.one} kan inte väljas i nya ärenden. Pågående ärenden drivs vidare som vanligt.`}
      confirmLabel="Inaktivera"
      reason={{ missing: `Ange varför ${def.noun.the} inaktiveras`, placeholder: def.deactivate.placeholder }}
      onConfirm={(reason) => (record ? changeStatus(record, 'inactive', reason) : Promise.resolve())}
      onOpenChange={setOpen}
    />
  );
  return { ask, dialog };
}
