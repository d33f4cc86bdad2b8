// 'Importera' (issue 5, 18): upload a bank file (BgMax, camt.053, camt.054, CSV; the format is
// detected unless chosen), a progress bar while it is read (for a large file run as a job: the job's progress),
// then the summary. The import is idempotent on the server: a repeated file books nothing.
import { UploadIcon } from '@radix-ui/react-icons';
import { Box, Button, Callout, Checkbox, Dialog, Flex, Progress, Select, Text } from '@radix-ui/themes';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { isJobFinished, jobFailureMessage, useJob } from '../../api/jobs';
import { BANK_IMPORT_FORMATS, isImportJob, usePaymentMutations, type BankImportFormat, type ImportSummary } from '../../api/payments';
import { formatPercent } from '../../lib/format';
import { BankFilePicker } from './bank-file-picker';
import { ImportSummaryView } from './import-summary-view';
import { BANK_FILE_FORMAT_LABELS } from '@fordran/core/labels';

export interface ImportPaymentsDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

export function ImportPaymentsDialog({ open, onOpenChange }: ImportPaymentsDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="640px">
        <Dialog.Title>Importera bankfil</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          Läs in inbetalningar från en BgMax-, camt.053-, camt.054- eller CSV-fil. Betalningar med OCR eller ärendereferens avräknas automatiskt; samma fil
          eller transaktion bokas aldrig två gånger, och belopp i annan valuta än kronor bokförs inte.
        </Dialog.Description>
        {open ? <ImportFlow onClose={() => onOpenChange(false)} /> : null}
      </Dialog.Content>
    </Dialog.Root>
  );
}

type ImportPhase =
  | { step: 'choose'; error: string | null }
  | { step: 'uploading'; fileName: string }
  | { step: 'job'; fileName: string; jobId: string }
  | { step: 'done'; summary: ImportSummary };

function ImportFlow({ onClose }: { onClose(): void }) {
  const { importPayments, revalidateAfterImport } = usePaymentMutations();
  const [phase, setPhase] = useState<ImportPhase>({ step: 'choose', error: null });

  const start = async (file: File, format: BankImportFormat | undefined, dryRun: boolean) => {
    setPhase({ step: 'uploading', fileName: file.name });
    try {
      const response = await importPayments({ file, format, dry_run: dryRun });
      if (isImportJob(response)) setPhase({ step: 'job', fileName: file.name, jobId: response.job_id });
      else setPhase({ step: 'done', summary: response });
    } catch (importError) {
      setPhase({ step: 'choose', error: (importError as Error).message });
    }
  };

  switch (phase.step) {
    case 'choose':
      return <ImportForm error={phase.error} onCancel={onClose} onStart={(file, format, dryRun) => void start(file, format, dryRun)} />;
    case 'uploading':
      return <ImportProgress fileName={phase.fileName} percent={null} text="Laddar upp och läser in filen…" />;
    case 'job':
      return (
        <ImportJobProgress
          fileName={phase.fileName}
          jobId={phase.jobId}
          onDone={(summary) => {
            void revalidateAfterImport();
            setPhase({ step: 'done', summary });
          }}
          onFailed={(message) => setPhase({ step: 'choose', error: message })}
        />
      );
    case 'done':
      return (
        <>
          <ImportSummaryView summary={phase.summary} />
          <Flex gap="3" justify="end" mt="5">
            <Button variant="soft" color="gray" onClick={() => setPhase({ step: 'choose', error: null })}>
              Importera en fil till
            </Button>
            <Button onClick={onClose}>Stäng</Button>
          </Flex>
        </>
      );
  }
}

const AUTO_FORMAT = 'auto';

interface ImportFormProps {
  error: string | null;
  onCancel(): void;
  onStart(file: File, format: BankImportFormat | undefined, dryRun: boolean): void;
}

function ImportForm({ error, onCancel, onStart }: ImportFormProps) {
  const formatId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<BankImportFormat | typeof AUTO_FORMAT>(AUTO_FORMAT);
  const [dryRun, setDryRun] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (file) onStart(file, format === AUTO_FORMAT ? undefined : format, dryRun);
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      {error ? (
        <Callout.Root color="red" variant="surface" mb="4" role="alert">
          <Callout.Text>
            <Text weight="bold">Filen kunde inte importeras.</Text> {error}
          </Callout.Text>
        </Callout.Root>
      ) : null}
      <Flex direction="column" gap="3">
        <BankFilePicker file={file} onFileChange={setFile} />
        <Box maxWidth="280px">
          <Text as="label" id={`${formatId}-label`} size="2" weight="medium">
            Format
          </Text>
          <Box mt="1">
            <Select.Root value={format} onValueChange={(value) => setFormat(value as BankImportFormat | typeof AUTO_FORMAT)}>
              <Select.Trigger aria-labelledby={`${formatId}-label`} className="full-width" />
              <Select.Content position="popper">
                <Select.Item value={AUTO_FORMAT}>Identifiera automatiskt</Select.Item>
                {BANK_IMPORT_FORMATS.map((value) => (
                  <Select.Item key={value} value={value}>
                    {BANK_FILE_FORMAT_LABELS[value]}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </Box>
        </Box>
        <Text as="label" size="2">
          <Flex gap="2" align="center">
            <Checkbox checked={dryRun} onCheckedChange={(checked) => setDryRun(checked === true)} />
            Provkörning – visa vad som skulle bokas utan att boka något
          </Flex>
        </Text>
      </Flex>
      <Flex gap="3" justify="end" mt="5">
        <Button type="button" variant="soft" color="gray" onClick={onCancel}>
          Avbryt
        </Button>
        <Button type="submit" disabled={!file}>
          <UploadIcon /> Importera
        </Button>
      </Flex>
    </form>
  );
}

/** A running import: an indeterminate bar while the server reads the file, the job's percent for a job. */
function ImportProgress({ fileName, percent, text }: { fileName: string; percent: number | null; text: string }) {
  return (
    <Flex direction="column" gap="3" py="4" aria-live="polite">
      <Text size="2" weight="medium">
        {fileName}
      </Text>
      {/* Radix animates a bar without a `value` prop at all (an explicit undefined stops it). */}
      <Progress size="3" aria-label="Importens förlopp" {...(percent === null ? { duration: '6s' } : { value: percent })} />
      <Text size="2" color="gray">
        {text}
      </Text>
    </Flex>
  );
}

interface ImportJobProgressProps {
  fileName: string;
  jobId: string;
  onDone(summary: ImportSummary): void;
  onFailed(message: string): void;
}

/** Follows an import job (event stream, with polling as a fallback) until it has its summary. */
function ImportJobProgress({ fileName, jobId, onDone, onFailed }: ImportJobProgressProps) {
  const { data: job, error } = useJob<ImportSummary>(jobId);
  // The event stream and the poll may both deliver the finished job: report it once.
  const isReported = useRef(false);

  useEffect(() => {
    if (!job || !isJobFinished(job.status) || isReported.current) return;
    if (job.status === 'completed' && job.result) {
      isReported.current = true;
      onDone(job.result);
    } else if (job.status === 'failed') {
      isReported.current = true;
      onFailed(jobFailureMessage(job, 'Importen misslyckades.'));
    }
    // A completed job whose result has not arrived yet is read again (events.ts revalidates it).
  }, [job, onDone, onFailed]);

  if (error && !job) return <ImportProgress fileName={fileName} percent={null} text={`Kunde inte läsa importens status: ${error.message}`} />;
  const percent = job?.progress ?? 0;
  const text =
    job?.status === 'retry'
      ? 'Importen försöks igen…'
      : job?.status === 'processing'
        ? `Bearbetar filen… ${formatPercent(percent)}${job.note ? ` · ${job.note}` : ''}`
        : 'Importen väntar på sin tur…';
  return <ImportProgress fileName={fileName} percent={percent} text={text} />;
}
