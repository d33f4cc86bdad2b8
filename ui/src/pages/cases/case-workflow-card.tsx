// Handläggning: the status and stage changes the state machines allow from here (the case's
// allowed_statuses and allowed_stages); closing asks for a reason (the shared confirmation).
import { ArrowRightIcon } from '@radix-ui/react-icons';
import { Box, Button, Card, Flex, Heading, Select, Text } from '@radix-ui/themes';
import { useId, useState } from 'react';
import { useCaseHandlers, useCaseMutations } from '../../api/cases';
import { CASE_STAGE_LABELS, type CaseDetail, type CaseStage, type CaseStatus } from '../../api/case-types';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useToast } from '../../components/toast';
import { CaseStageBadge, CaseStatusBadge } from './case-badges';

interface StatusAction {
  label: string;
  done: string;
  color?: 'red' | 'amber' | 'gray';
}

/** The button for moving to `to` and the toast after it; a closed case coming back is reopened. */
function statusAction(from: CaseStatus, to: CaseStatus): StatusAction {
  switch (to) {
    case 'active':
      return from === 'closed' ? { label: 'Återöppna', done: 'Ärendet återöppnat' } : { label: 'Aktivera', done: 'Ärendet aktiverat' };
    case 'on_hold':
      return { label: 'Pausa', done: 'Ärendet pausat', color: 'amber' };
    case 'closed':
      return { label: 'Stäng', done: 'Ärendet stängt', color: 'red' };
    default:
      return { label: 'Till utkast', done: 'Ärendet är ett utkast', color: 'gray' };
  }
}

export function CaseWorkflowCard({ detail }: { detail: CaseDetail }) {
  const { changeStatus, changeStage } = useCaseMutations();
  const { toast } = useToast();
  const [pending, setPending] = useState<string | null>(null);
  const [isClosing, setIsClosing] = useState(false);
  const headingId = useId();

  /** Toasts the outcome; rejects on failure (so a confirmation stays open for another try). */
  const run = async (key: string, action: () => Promise<unknown>, success: { title: string; description?: string }) => {
    setPending(key);
    try {
      await action();
      toast({ ...success, variant: 'success' });
    } catch (changeError) {
      toast({ title: 'Fel vid uppdatering', description: (changeError as Error).message, variant: 'destructive' });
      throw changeError;
    } finally {
      setPending(null);
    }
  };

  const setStatus = (to: CaseStatus, reason?: string) =>
    run(`status:${to}`, () => changeStatus(detail.id, to, reason), { title: statusAction(detail.status, to).done });

  const setStage = (to: CaseStage) =>
    void run(`stage:${to}`, () => changeStage(detail.id, to), {
      title: 'Fas ändrad',
      description: `Ärendet är nu i fasen ${CASE_STAGE_LABELS[to]}.`,
    }).catch(() => undefined);

  return (
    <Card size="3" asChild>
      <section aria-labelledby={headingId}>
        <Heading as="h2" size="4" mb="4" id={headingId}>
          Handläggning
        </Heading>
        <Flex direction="column" gap="4">
          <Box>
            <Flex align="center" justify="between" mb="2">
              <Text size="2" color="gray">
                Status
              </Text>
              <CaseStatusBadge status={detail.status} />
            </Flex>
            {detail.allowed_statuses.length > 0 ? (
              <Flex gap="2" wrap="wrap">
                {detail.allowed_statuses.map((to) => {
                  const action = statusAction(detail.status, to);
                  return (
                    <Button
                      key={to}
                      size="2"
                      variant={to === 'active' ? 'solid' : 'soft'}
                      color={action.color}
                      disabled={pending !== null}
                      loading={pending === `status:${to}`}
                      onClick={() => (to === 'closed' ? setIsClosing(true) : void setStatus(to).catch(() => undefined))}
                    >
                      {action.label}
                    </Button>
                  );
                })}
              </Flex>
            ) : (
              <Text size="1" color="gray">
                Statusen kan inte ändras härifrån.
              </Text>
            )}
          </Box>
          <HandlerPicker detail={detail} />
          <Box>
            <Flex align="center" justify="between" mb="2">
              <Text size="2" color="gray">
                Fas
              </Text>
              <CaseStageBadge stage={detail.stage} />
            </Flex>
            {detail.allowed_stages.length > 0 ? (
              <Flex gap="2" wrap="wrap">
                {detail.allowed_stages.map((to) => (
                  <Button
                    key={to}
                    size="2"
                    variant="surface"
                    disabled={pending !== null}
                    loading={pending === `stage:${to}`}
                    aria-label={`Flytta till ${CASE_STAGE_LABELS[to]}`}
                    onClick={() => setStage(to)}
                  >
                    <ArrowRightIcon aria-hidden /> {CASE_STAGE_LABELS[to]}
                  </Button>
                ))}
              </Flex>
            ) : (
              <Text size="1" color="gray">
                Ingen fas kan väljas härifrån.
              </Text>
            )}
          </Box>
        </Flex>
        <ConfirmDialog
          open={isClosing}
          title="Stäng ärendet"
          description="Ett stängt ärende drivs inte vidare. Det kan återöppnas senare, till exempel om en betalning återgår."
          confirmLabel="Stäng ärendet"
          reason={{ missing: 'Ange varför ärendet stängs', placeholder: 'T.ex. Betald i sin helhet, återkallad av borgenären' }}
          onConfirm={(reason) => setStatus('closed', reason)}
          onOpenChange={setIsClosing}
        />
      </section>
    </Card>
  );
}

/** Nobody, in the picker (Radix Select items cannot have an empty value). */
const NO_HANDLER = 'none';

/** 'Handläggare': who handles the case; giving it to someone else tells them (a notification). */
function HandlerPicker({ detail }: { detail: CaseDetail }) {
  const { assignHandler } = useCaseMutations();
  const { data } = useCaseHandlers();
  const { toast } = useToast();
  const [isSaving, setIsSaving] = useState(false);
  const labelId = useId();
  const handlers = data?.handlers ?? [];
  // The current handler stays choosable while the list loads, or after they left the organisation.
  const options =
    detail.handler && !handlers.some((handler) => handler.user_id === detail.handler?.id)
      ? [{ user_id: detail.handler.id, name: detail.handler.name }, ...handlers]
      : handlers;

  const change = async (value: string) => {
    const handlerId = value === NO_HANDLER ? null : value;
    setIsSaving(true);
    try {
      const updated = await assignHandler(detail.id, handlerId);
      toast({
        title: 'Handläggare ändrad',
        description: updated.handler ? `${updated.handler.name} handlägger ärendet.` : 'Ärendet har ingen handläggare.',
        variant: 'success',
      });
    } catch (changeError) {
      toast({ title: 'Fel vid uppdatering', description: (changeError as Error).message, variant: 'destructive' });
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Box>
      <Text as="div" size="2" color="gray" mb="2" id={labelId}>
        Handläggare
      </Text>
      <Select.Root value={detail.handler?.id ?? NO_HANDLER} disabled={isSaving} onValueChange={(value) => void change(value)}>
        <Select.Trigger aria-labelledby={labelId} className="handler-trigger" />
        <Select.Content position="popper">
          <Select.Item value={NO_HANDLER}>Ingen handläggare</Select.Item>
          {options.map((handler) => (
            <Select.Item key={handler.user_id} value={handler.user_id}>
              {handler.name}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
    </Box>
  );
}
