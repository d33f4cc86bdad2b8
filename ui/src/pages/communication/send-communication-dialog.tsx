// 'Skicka meddelande' (spec part 1 §2, §5, §8): choose a template and a channel, see the message
// rendered with the case's real values and to whom it goes, and send. What would refuse it — no
// e-mail or phone ('Ingen e-postadress/telefonnummer finns för gäldenären'), an opt-out, the same
// message today, a rule ('Åtgärd blockerad') — shows before the click. Success toasts
// 'Meddelande skickat'; a failure 'Fel vid skick', a rule block 'Åtgärd blockerad'. A channel that
// runs on a local stand-in says so ('Simulering'), as /settings/communication does.
import { ExclamationTriangleIcon, InfoCircledIcon } from '@radix-ui/react-icons';
import { Box, Callout, Card, Flex, Grid, Skeleton, Text } from '@radix-ui/themes';
import { RULE_SEVERITY_LABELS } from '../../api/case-types';
import { useCommunicationMutations, useSendOptions, useSendPreview, type Channel, type CommunicationPreview, type SendOptions } from '../../api/communications';
import { ErrorState } from '../../components/error-state';
import { FormActions } from '../../components/form/form-actions';
import { FormDialog } from '../../components/form/form-dialog';
import { SelectField } from '../../components/form/select-field';
import { SimulationBadge } from '../../components/simulation-badge';
import { useToast, type ToastInput } from '../../components/toast';
import { ApiError } from '../../lib/api-client';
import { useForm, type Form } from '../../lib/use-form';

export interface SendCommunicationDialogProps {
  caseId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}

export function SendCommunicationDialog({ caseId, open, onOpenChange }: SendCommunicationDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Skicka meddelande"
      description="Välj mall och kanal. Förhandsvisningen visar meddelandet med ärendets verkliga värden."
      maxWidth="720px"
    >
      <SendForm caseId={caseId} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

/** The toast of a refused send, by the API's error code. */
export function sendErrorToast(error: unknown): ToastInput {
  const message = error instanceof Error ? error.message : undefined;
  if (error instanceof ApiError && error.code === 'ACTION_BLOCKED') return { title: 'Åtgärd blockerad', description: message, variant: 'destructive' };
  return { title: 'Fel vid skick', description: message, variant: 'destructive' };
}

interface SendValues {
  template: string;
  channel: string;
}

function SendForm({ caseId, onDone }: { caseId: string; onDone(): void }) {
  const { data: options, error, mutate } = useSendOptions(caseId);
  const { send } = useCommunicationMutations();
  const { toast } = useToast();
  const form = useForm<SendValues>(
    { template: '', channel: '' },
    {
      failure: sendErrorToast,
      async submit(values) {
        const result = await send(caseId, { template: values.template, channel: values.channel as Channel });
        const sent = result.communication;
        toast({ title: 'Meddelande skickat', description: `${sent.channel_label} till ${sent.recipient} är köat för leverans.`, variant: 'success' });
        for (const violation of result.violations)
          toast({ title: RULE_SEVERITY_LABELS[violation.level as keyof typeof RULE_SEVERITY_LABELS], description: violation.message });
        onDone();
      },
    },
  );
  const input = form.values.template && form.values.channel ? { template: form.values.template, channel: form.values.channel as Channel } : null;
  const preview = useSendPreview(caseId, input);

  if (error && !options) return <ErrorState message={error.message} onRetry={() => void mutate()} />;
  if (!options) return <Skeleton height="240px" />;
  return (
    <form onSubmit={form.onSubmit} noValidate>
      <SendFields form={form} options={options} />
      <Box mt="4">
        {input ? (
          <PreviewPanel
            preview={preview.data}
            error={preview.error}
            simulated={options.channels.find((channel) => channel.channel === form.values.channel)?.simulated ?? false}
          />
        ) : (
          <Text size="2" color="gray">
            Välj en mall för att se förhandsvisningen.
          </Text>
        )}
      </Box>
      <FormActions submitLabel="Skicka" busyLabel="Skickar..." isSubmitting={form.isSubmitting} disabled={!preview.data || preview.data.refusal !== null} />
    </form>
  );
}

function SendFields({ form, options }: { form: Form<SendValues>; options: SendOptions }) {
  const templates = options.templates.map((template) => ({ value: template.id, label: template.name }));
  const channels = options.channels.map((channel) => ({
    value: channel.channel,
    label: channel.channel_label,
    hint: channel.unavailable_reason ?? (channel.opted_out ? `${channel.recipient} (avregistrerad)` : (channel.recipient ?? undefined)),
  }));
  const chooseTemplate = (id: string) => {
    const template = options.templates.find((each) => each.id === id);
    // The template's own channel unless one was chosen already.
    form.set({ template: id, ...(form.values.channel ? {} : { channel: template?.channel ?? '' }) });
  };
  return (
    <Grid columns={{ initial: '1', sm: '2' }} gap="3">
      <SelectField label="Mall *" placeholder="Välj mall" value={form.values.template} onValueChange={chooseTemplate} options={templates} />
      <SelectField label="Kanal *" placeholder="Välj kanal" {...form.input('channel')} options={channels} />
    </Grid>
  );
}

function PreviewPanel({ preview, error, simulated }: { preview: CommunicationPreview | undefined; error: Error | undefined; simulated: boolean }) {
  if (error) return <ErrorState message={error.message} />;
  if (!preview) return <Skeleton height="200px" />;
  return (
    <Flex direction="column" gap="3">
      {preview.refusal ? (
        <Callout.Root color="red" role="alert">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>
            <Text weight="bold">{preview.refusal.code === 'ACTION_BLOCKED' ? 'Åtgärd blockerad' : 'Kan inte skickas'}: </Text>
            {preview.refusal.message}
          </Callout.Text>
        </Callout.Root>
      ) : null}
      {preview.opt_out_note ? (
        <Callout.Root color="blue">
          <Callout.Icon>
            <InfoCircledIcon />
          </Callout.Icon>
          <Callout.Text>{preview.opt_out_note}</Callout.Text>
        </Callout.Root>
      ) : null}
      <Card variant="surface" aria-label="Förhandsvisning">
        <Flex gap="2" align="center" wrap="wrap">
          <Text size="1" color="gray">
            {preview.channel_label} till {preview.recipient ?? '–'}
          </Text>
          {simulated ? <SimulationBadge /> : null}
        </Flex>
        {simulated ? (
          <Text as="p" size="1" color="amber" mt="1">
            {preview.channel_label} skickas i simuleringsläge: meddelandet stannar på servern och når inte gäldenären.
          </Text>
        ) : null}
        {preview.subject ? (
          <Text as="p" size="2" weight="bold" mt="1">
            {preview.subject}
          </Text>
        ) : null}
        <Box mt="2" className="send-preview-body">
          <Text as="p" size="2" className="message-body">
            {preview.body}
          </Text>
        </Box>
        {preview.unsubscribe_link ? (
          <Text as="p" size="1" color="gray" mt="2">
            En länk för att avregistrera sig läggs till sist i meddelandet.
          </Text>
        ) : null}
      </Card>
    </Flex>
  );
}
