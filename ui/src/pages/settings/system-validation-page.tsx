// /settings/system-validation 'Systemvalidering' (spec part 2 §2, issue 14): the validation runs
// once the organisation has loaded and again on 'Kör validering', as a job whose real progress
// (steps done of all) fills the bar; four summary cards, tabs with counts, one line per result,
// the checked modules and the last-checked time; 'Exportera rapport' saves the report as JSON.
import { CheckCircledIcon, CrossCircledIcon, DownloadIcon, ExclamationTriangleIcon, PlayIcon } from '@radix-ui/react-icons';
import { Badge, Box, Button, Callout, Card, Flex, Grid, Heading, Progress, Tabs, Text } from '@radix-ui/themes';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isJobFinished, jobFailureMessage, useJob } from '../../api/jobs';
import { useSystemValidationMutations, type SystemValidationReport, type SystemValidationResult } from '../../api/system-validation';
import { EmptyState } from '../../components/empty-state';
import { NoAccess } from '../../components/no-access';
import { PageHeader } from '../../components/page-header';
import { useToast } from '../../components/toast';
import { useAuth } from '../../lib/auth';
import { formatCount, formatDateTime, formatPercent, todayInSweden } from '../../lib/format';
import { useCan } from '../../lib/permissions';
import { saveFile } from '../../lib/save-file';

export function SystemValidationPage() {
  const canRun = useCan('validation.run');
  return (
    <>
      <PageHeader
        title="Systemvalidering"
        description="Kontrollerar att organisationens data hänger ihop: huvudboken, ärendenas belopp, fördelningar, referensräntor, mallar, KFM-filer, bankavstämningar och föräldralösa rader, samt inställningarna."
      />
      {canRun ? <SystemValidation /> : <NoAccess description="Bara administratörer kan köra systemvalideringen. Be en administratör om hjälp." />}
    </>
  );
}

const STATUS_STYLE: Record<SystemValidationResult['status'], { label: string; color: 'green' | 'amber' | 'red'; Icon: typeof CheckCircledIcon }> = {
  pass: { label: 'Godkänd', color: 'green', Icon: CheckCircledIcon },
  warning: { label: 'Varning', color: 'amber', Icon: ExclamationTriangleIcon },
  fail: { label: 'Fel', color: 'red', Icon: CrossCircledIcon },
};

/** Saves the report with the organisation's name as system-validation-{date}.json. */
function exportReport(report: SystemValidationReport, organisation: string): void {
  const blob = new Blob([JSON.stringify({ organisation, ...report }, null, 2)], { type: 'application/json' });
  saveFile({ blob, fileName: `system-validation-${todayInSweden()}.json` }, 'system-validation.json');
}

function SystemValidation() {
  const { toast } = useToast();
  const { currentOrg } = useAuth();
  const { startValidation } = useSystemValidationMutations();
  const [jobId, setJobId] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [report, setReport] = useState<SystemValidationReport | null>(null);
  const { data: job } = useJob<SystemValidationReport>(jobId);
  const orgId = currentOrg?.org_id ?? null;
  const startedFor = useRef<string | null>(null);

  const start = useCallback(async () => {
    setStarting(true);
    try {
      setJobId((await startValidation()).job_id);
    } catch (caught) {
      toast({ title: 'Valideringsfel', description: caught instanceof Error ? caught.message : String(caught), variant: 'destructive' });
    } finally {
      setStarting(false);
    }
  }, [startValidation, toast]);

  // Runs once when the organisation has loaded (and again when another one is chosen).
  useEffect(() => {
    if (!orgId || startedFor.current === orgId) return;
    startedFor.current = orgId;
    setReport(null);
    void start();
  }, [orgId, start]);

  // The job is followed until it ends; its result is the report. Reported once.
  useEffect(() => {
    if (!job || job.id !== jobId || !isJobFinished(job.status)) return;
    if (job.status === 'completed' && !job.result) return; // the result arrives with the next read
    setJobId(null);
    if (job.status === 'completed' && job.result) {
      const done = job.result;
      setReport(done);
      toast({
        title: 'Validering klar',
        description: `${formatCount(done.passed.length)} godkända, ${formatCount(done.warnings.length)} varningar, ${formatCount(done.failures.length)} fel.`,
        variant: done.failures.length > 0 ? 'default' : 'success',
      });
    } else {
      toast({ title: 'Valideringsfel', description: jobFailureMessage(job, 'Valideringen kunde inte köras.'), variant: 'destructive' });
    }
  }, [job, jobId, toast]);

  const running = starting || jobId !== null;
  const percent = job && job.id === jobId ? job.progress : 0;
  return (
    <Flex direction="column" gap="4">
      <Flex justify="end" gap="3" wrap="wrap">
        <Button variant="soft" disabled={!report || running} onClick={() => report && exportReport(report, currentOrg?.org_name ?? '')}>
          <DownloadIcon /> Exportera rapport
        </Button>
        <Button onClick={() => void start()} loading={running} disabled={running}>
          <PlayIcon /> Kör validering
        </Button>
      </Flex>
      {running ? (
        <Callout.Root color="blue" role="status">
          <Callout.Text>
            Kör validering… {formatPercent(percent)}
            {job?.note ? ` · ${job.note}` : ''}
          </Callout.Text>
          <Progress value={percent} aria-label="Valideringens förlopp" />
        </Callout.Root>
      ) : null}
      {report ? (
        <Report report={report} />
      ) : running ? null : (
        <Card size="2">
          <EmptyState
            icon={<CheckCircledIcon width="22" height="22" />}
            title="Ingen validering har körts"
            description="'Kör validering' kontrollerar organisationens data och inställningar."
          />
        </Card>
      )}
    </Flex>
  );
}

function Report({ report }: { report: SystemValidationReport }) {
  const all = [...report.failures, ...report.warnings, ...report.passed];
  const tabs: { value: string; label: string; results: SystemValidationResult[] }[] = [
    { value: 'all', label: 'Alla', results: all },
    { value: 'passed', label: 'Godkända', results: report.passed },
    { value: 'warnings', label: 'Varningar', results: report.warnings },
    { value: 'failures', label: 'Fel', results: report.failures },
  ];
  return (
    <>
      <Grid columns={{ initial: '2', md: '4' }} gap="3" aria-label="Sammanfattning">
        <SummaryCard label="Klart" value={formatPercent(report.completionRate)} />
        <SummaryCard label="Godkända" value={formatCount(report.passed.length)} color="green" />
        <SummaryCard label="Varningar" value={formatCount(report.warnings.length)} color="amber" />
        <SummaryCard label="Fel" value={formatCount(report.failures.length)} color="red" />
      </Grid>
      <Card size="2">
        <Tabs.Root defaultValue="all">
          <Tabs.List>
            {tabs.map((tab) => (
              <Tabs.Trigger key={tab.value} value={tab.value}>
                {tab.label} ({formatCount(tab.results.length)})
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {tabs.map((tab) => (
            <Tabs.Content key={tab.value} value={tab.value}>
              <ResultList results={tab.results} />
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </Card>
      <Card size="2">
        <Heading as="h2" size="3" mb="2">
          Kontrollerade moduler
        </Heading>
        <Flex gap="2" wrap="wrap" mb="3">
          {report.checkedModules.map((module) => (
            <Badge key={module} variant="soft" color="gray">
              {module}
            </Badge>
          ))}
        </Flex>
        <Text size="2" color="gray">
          Senast kontrollerad: {formatDateTime(report.timestamp)}
        </Text>
      </Card>
    </>
  );
}

function SummaryCard({ label, value, color }: { label: string; value: string; color?: 'green' | 'amber' | 'red' }) {
  return (
    <Card size="2" className="validation-summary-card">
      <Text as="div" size="2" color="gray">
        {label}
      </Text>
      <Text as="div" size="7" weight="bold" {...(color ? { color } : {})}>
        {value}
      </Text>
    </Card>
  );
}

function ResultList({ results }: { results: SystemValidationResult[] }) {
  if (results.length === 0) {
    return (
      <Text as="p" size="2" color="gray" mt="4">
        Inga resultat i den här fliken.
      </Text>
    );
  }
  return (
    <Flex direction="column" gap="3" mt="4" asChild>
      <ul className="validation-results">
        {results.map((result) => {
          const style = STATUS_STYLE[result.status];
          return (
            <li key={`${result.module}:${result.message}`} className="validation-result" data-status={result.status}>
              <Flex gap="3" align="start">
                <Box pt="1">
                  <style.Icon color={`var(--${style.color}-9)`} aria-label={style.label} />
                </Box>
                <Box>
                  <Flex gap="2" align="center" wrap="wrap">
                    <Badge variant="soft" color={style.color}>
                      {result.module}
                    </Badge>
                    <Text size="2" weight="medium">
                      {result.message}
                    </Text>
                  </Flex>
                  {result.details ? (
                    <Text as="p" size="1" color="gray" mt="1" className="validation-details">
                      {result.details}
                    </Text>
                  ) : null}
                </Box>
              </Flex>
            </li>
          );
        })}
      </ul>
    </Flex>
  );
}
