// 'Eskalera till Kronofogden' (issue 12, spec part 1 §2 "KFM escalation"): three steps in one
// dialog. 1 Förkontroll — blocked shows 'Ärendet kan inte eskaleras på grund av blockerade regler'
// and why; warnings show 'Varningar hittades, granska innan du fortsätter' with each finding.
// 2 Underlag — type, as-of date and choices; 'Snapshot skapad' with the application's amounts.
// 3 Generera — 'KFM-fil genererad', then the file to download ('Fil nedladdad').
import { CheckCircledIcon, DownloadIcon, ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { Box, Button, Callout, Checkbox, DataList, Dialog, Flex, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { useKfmMutations, type KfmCase, type KfmGenerated, type KfmPrecheck } from '../../api/kfm';
import { DateInput } from '../../components/date-input';
import { DetailItem } from '../../components/detail-item';
import { SelectField } from '../../components/form/select-field';
import { keepDialogOpenForToasts, useToast } from '../../components/toast';
import { readDateField } from '../../lib/date-field';
import { formatAmount, todayInSweden } from '../../lib/format';
import { saveFile } from '../../lib/save-file';
import { useForm } from '../../lib/use-form';
import { KFM_TYPE_OPTIONS } from './kfm-labels';

export interface KfmEscalationDialogProps {
  caseId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}

export function KfmEscalationDialog({ caseId, open, onOpenChange }: KfmEscalationDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="620px" onInteractOutside={keepDialogOpenForToasts}>
        <Dialog.Title>Eskalera till Kronofogden</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          Förkontroll, underlag och ansökningsfil för betalningsföreläggande eller handräckning.
        </Dialog.Description>
        {open ? <EscalationSteps caseId={caseId} /> : null}
      </Dialog.Content>
    </Dialog.Root>
  );
}

function failureToast(title: string) {
  return (error: unknown) => ({ title, description: (error as Error).message, variant: 'destructive' as const });
}

function EscalationSteps({ caseId }: { caseId: string }) {
  const [precheck, setPrecheck] = useState<KfmPrecheck | null>(null);
  const [snapshot, setSnapshot] = useState<KfmCase | null>(null);
  const [generated, setGenerated] = useState<KfmGenerated | null>(null);
  const step = generated || snapshot ? 3 : precheck?.can_proceed ? 2 : 1;
  return (
    <Flex direction="column" gap="4">
      <Text size="2" color="gray" aria-live="polite">
        Steg {step} av 3: {step === 1 ? 'Förkontroll' : step === 2 ? 'Underlag' : 'Generera'}
      </Text>
      <PrecheckStep caseId={caseId} result={precheck} onResult={setPrecheck} locked={step > 1} />
      {precheck?.can_proceed ? <SnapshotStep caseId={caseId} snapshot={snapshot} onSnapshot={setSnapshot} locked={generated !== null} /> : null}
      {snapshot ? <GenerateStep caseId={caseId} generated={generated} onGenerated={setGenerated} /> : null}
    </Flex>
  );
}

function PrecheckStep({
  caseId,
  result,
  onResult,
  locked,
}: {
  caseId: string;
  result: KfmPrecheck | null;
  onResult(result: KfmPrecheck): void;
  locked: boolean;
}) {
  const { precheck } = useKfmMutations();
  const form = useForm(() => ({}), {
    failure: failureToast('Förkontrollen misslyckades'),
    async submit() {
      onResult(await precheck(caseId));
    },
  });
  const findings = result ? [...result.blocking.map((v) => v.message), ...result.claim_findings.map((f) => f.message)] : [];
  return (
    <form onSubmit={form.onSubmit} noValidate aria-label="Förkontroll">
      {!locked ? (
        <Button type="submit" loading={form.isSubmitting}>
          Kör förkontroll
        </Button>
      ) : null}
      {result?.status === 'blocked' ? (
        <Callout.Root color="red" variant="surface" mt="3" role="alert">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text weight="medium">Ärendet kan inte eskaleras på grund av blockerade regler</Callout.Text>
          {findings.map((message) => (
            <Callout.Text key={message}>{message}</Callout.Text>
          ))}
        </Callout.Root>
      ) : null}
      {result?.status === 'warnings' ? (
        <Callout.Root color="amber" variant="surface" mt="3">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text weight="medium">Varningar hittades, granska innan du fortsätter</Callout.Text>
          {result.warnings.map((warning) => (
            <Callout.Text key={warning.rule_code}>{warning.message}</Callout.Text>
          ))}
        </Callout.Root>
      ) : null}
      {result?.status === 'passed' ? (
        <Callout.Root color="green" variant="surface" mt="3">
          <Callout.Icon>
            <CheckCircledIcon />
          </Callout.Icon>
          <Callout.Text>Förkontrollen godkänd</Callout.Text>
        </Callout.Root>
      ) : null}
    </form>
  );
}

function SnapshotStep({
  caseId,
  snapshot,
  onSnapshot,
  locked,
}: {
  caseId: string;
  snapshot: KfmCase | null;
  onSnapshot(kfmCase: KfmCase): void;
  locked: boolean;
}) {
  const { snapshot: takeSnapshot } = useKfmMutations();
  const { toast } = useToast();
  const [transferToCourt, setTransferToCourt] = useState(true);
  const today = todayInSweden();
  const form = useForm(() => ({ application_type: 'payment_order', as_of: today }), {
    failure: failureToast('Snapshot kunde inte skapas'),
    async submit(values) {
      const asOf = readDateField(values.as_of, { max: today });
      if (!asOf.ok) return;
      const kfmCase = await takeSnapshot(caseId, {
        application_type: values.application_type as 'payment_order' | 'handräckning',
        ...(asOf.date ? { as_of: asOf.date } : {}),
        transfer_to_court: transferToCourt,
      });
      onSnapshot(kfmCase);
      toast({ title: 'Snapshot skapad', description: `Totalt ${formatAmount(kfmCase.amounts.total)}`, variant: 'success' });
    },
  });
  return (
    <form onSubmit={form.onSubmit} noValidate aria-label="Underlag">
      <Flex gap="3" wrap="wrap" align="end">
        <Box width="240px">
          <SelectField label="Ansökningstyp" options={KFM_TYPE_OPTIONS} disabled={locked} {...form.input('application_type')} />
        </Box>
        <Box width="180px">
          <DateInput label="Beräkningsdag" max={today} disabled={locked} {...form.input('as_of')} />
        </Box>
      </Flex>
      <Text as="label" size="2" mt="3" style={{ display: 'flex', gap: 'var(--space-2)', alignItems: 'center' }}>
        <Checkbox checked={transferToCourt} disabled={locked} onCheckedChange={(checked) => setTransferToCourt(checked === true)} />
        Överlämna till tingsrätt om gäldenären bestrider
      </Text>
      {!locked ? (
        <Button type="submit" mt="3" loading={form.isSubmitting}>
          {snapshot ? 'Skapa snapshot igen' : 'Skapa snapshot'}
        </Button>
      ) : null}
      {snapshot ? (
        <DataList.Root mt="3" role="region" aria-label="Ansökans belopp">
          <DetailItem label="Kapital">{formatAmount(snapshot.amounts.principal)}</DetailItem>
          <DetailItem label="Ränta">{formatAmount(snapshot.amounts.interest)}</DetailItem>
          <DetailItem label="Avgifter">{formatAmount(snapshot.amounts.fees)}</DetailItem>
          <DetailItem label="Ansökningsavgift">{formatAmount(snapshot.amounts.application_fee)}</DetailItem>
          <DetailItem label="Ersättning för ansökan">{formatAmount(snapshot.amounts.work_compensation)}</DetailItem>
          <DetailItem label="Totalt">
            <Text weight="bold">{formatAmount(snapshot.amounts.total)}</Text>
          </DetailItem>
        </DataList.Root>
      ) : null}
    </form>
  );
}

function GenerateStep({ caseId, generated, onGenerated }: { caseId: string; generated: KfmGenerated | null; onGenerated(result: KfmGenerated): void }) {
  const { generate, downloadFile } = useKfmMutations();
  const { toast } = useToast();
  const form = useForm(() => ({}), {
    failure: failureToast('KFM-filen kunde inte genereras'),
    async submit() {
      const result = await generate(caseId);
      onGenerated(result);
      toast({ title: 'KFM-fil genererad', description: result.file.filename, variant: 'success' });
    },
  });
  const download = async () => {
    if (!generated) return;
    try {
      saveFile(await downloadFile(generated.kfm_case.id, generated.file.id), generated.file.filename);
      toast({ title: 'Fil nedladdad', variant: 'success' });
    } catch (error) {
      toast({ title: 'Filen kunde inte laddas ned', description: (error as Error).message, variant: 'destructive' });
    }
  };
  return (
    <form onSubmit={form.onSubmit} noValidate aria-label="Generera">
      {generated ? (
        <Flex direction="column" gap="2">
          <Text size="2">
            {generated.file.filename} · SHA-256 {generated.file.checksum.slice(0, 16)}…
          </Text>
          <Box>
            <Button type="button" variant="soft" onClick={() => void download()}>
              <DownloadIcon /> Ladda ned fil
            </Button>
          </Box>
        </Flex>
      ) : (
        <Button type="submit" loading={form.isSubmitting}>
          Generera KFM-fil
        </Button>
      )}
    </form>
  );
}
