// 'Sändningstider' on /settings/organisation (issue 11): the weekdays and hours, Swedish time,
// when SMS and e-mail may reach a debtor; outside them a message waits as 'Begränsad' and goes out
// at the next allowed minute. Letters are not held. Without a choice: weekdays 08–20.
import { Box, Button, Card, CheckboxGroup, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { useUpdateSendHours, type Organisation } from '../../api/organisation';
import { FormField } from '../../components/form/form-field';
import { useToast } from '../../components/toast';
import { useForm } from '../../lib/use-form';

const WEEKDAYS = [
  { value: '1', label: 'Måndag' },
  { value: '2', label: 'Tisdag' },
  { value: '3', label: 'Onsdag' },
  { value: '4', label: 'Torsdag' },
  { value: '5', label: 'Fredag' },
  { value: '6', label: 'Lördag' },
  { value: '7', label: 'Söndag' },
];

const DEFAULT_HOURS = { days: ['1', '2', '3', '4', '5'], start: '08:00', end: '20:00' };

interface Values {
  days: string[];
  start: string;
  end: string;
}

/** The organisation's hours as the form holds them (the default when it has chosen none). */
function valuesOf(organisation: Organisation): Values {
  const stored = organisation.settings.send_hours as { days?: unknown; start?: unknown; end?: unknown } | undefined;
  if (!stored || !Array.isArray(stored.days) || typeof stored.start !== 'string' || typeof stored.end !== 'string') return DEFAULT_HOURS;
  return { days: stored.days.map(String), start: stored.start, end: stored.end };
}

export function SendHoursSection({ organisation, canEdit }: { organisation: Organisation; canEdit: boolean }) {
  const updateSendHours = useUpdateSendHours();
  const { toast } = useToast();
  const saved = valuesOf(organisation);
  const form = useForm<Values>(saved, {
    validate: (values) => (values.days.length === 0 ? { days: 'Välj minst en veckodag' } : {}),
    failure: 'Fel vid sparande',
    serverFields: { days: 'days', start: 'start', end: 'end' },
    async submit(values) {
      const next = valuesOf(await updateSendHours({ days: values.days.map(Number), start: values.start.trim(), end: values.end.trim() }));
      form.reset(next);
      toast({ title: 'Sparat', description: 'Sändningstiderna har sparats', variant: 'success' });
    },
  });
  const isDirty = JSON.stringify({ ...form.values, days: [...form.values.days].sort() }) !== JSON.stringify({ ...saved, days: [...saved.days].sort() });

  return (
    <Card size="3" asChild>
      <form onSubmit={form.onSubmit} noValidate aria-labelledby="send-hours-title">
        <Heading as="h2" size="4" id="send-hours-title">
          Sändningstider för sms och e-post
        </Heading>
        <Text as="p" size="2" color="gray" mt="1" mb="4">
          Sms och e-post når gäldenären bara under dessa tider (svensk tid). Ett meddelande utanför dem väntar som Begränsad och skickas nästa tillåtna minut.
          Brev påverkas inte.
        </Text>
        <Flex direction="column" gap="4">
          <Box>
            <Text as="div" size="2" weight="medium" mb="2" id="send-hours-days">
              Dagar
            </Text>
            <CheckboxGroup.Root
              value={form.values.days}
              onValueChange={(days) => form.set({ days })}
              disabled={!canEdit}
              aria-labelledby="send-hours-days"
              className="weekday-choices"
            >
              {WEEKDAYS.map((day) => (
                <CheckboxGroup.Item key={day.value} value={day.value}>
                  {day.label}
                </CheckboxGroup.Item>
              ))}
            </CheckboxGroup.Root>
            {form.errors.days ? (
              <Text as="p" size="1" color="red" mt="1" role="alert">
                {form.errors.days}
              </Text>
            ) : null}
          </Box>
          <Grid columns={{ initial: '1', sm: '2' }} gap="4" maxWidth="420px">
            <FormField label="Från" placeholder="08:00" hint="TT:MM" disabled={!canEdit} {...form.text('start')} />
            <FormField label="Till" placeholder="20:00" hint="TT:MM, inte inräknad" disabled={!canEdit} {...form.text('end')} />
          </Grid>
          {canEdit ? (
            <Flex justify="end" gap="3">
              <Button type="button" variant="soft" color="gray" disabled={!isDirty || form.isSubmitting} onClick={() => form.reset(saved)}>
                Ångra
              </Button>
              <Button type="submit" disabled={!isDirty} loading={form.isSubmitting}>
                Spara sändningstider
              </Button>
            </Flex>
          ) : null}
        </Flex>
      </form>
    </Card>
  );
}
