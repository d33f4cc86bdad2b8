// /settings/organisation (spec part 2 §2, §7): name, org number (checked by the server with core's
// organisationsnummer rules), address, the logo (upload not yet available) and whether members
// must use a second factor, and the hours SMS and e-mail may go out. Admins edit; everyone else
// reads. Saving says 'Sparat'.
import { ImageIcon, InfoCircledIcon, LockClosedIcon } from '@radix-ui/react-icons';
import { Badge, Box, Button, Callout, Card, Flex, Grid, Heading, Skeleton, Switch, Text } from '@radix-ui/themes';
import { useState, type ReactNode } from 'react';
import { useOrganisationMutations, useOrganisation, type AllocationOrder, type Organisation, type OrganisationPatch } from '../../api/organisation';
import { ErrorState } from '../../components/error-state';
import { FormField } from '../../components/form/form-field';
import { RadioList } from '../../components/form/radio-list';
import { PageHeader } from '../../components/page-header';
import { useErrorToast, useToast } from '../../components/toast';
import { useAuth } from '../../lib/auth';
import { changedText, trimmedOrNull, trimmedParts } from '../../lib/form-values';
import { useCan } from '../../lib/permissions';
import { useForm, type Form } from '../../lib/use-form';
import { SendHoursSection } from './send-hours-section';

export function OrganisationPage() {
  const { data, error, mutate } = useOrganisation();
  const canEdit = useCan('org.settings');
  // Spec part 2 §8 'Fel vid laddning' for load failures.
  useErrorToast(error, 'Fel vid laddning');

  return (
    <>
      <PageHeader title="Organisation" description="Organisationens uppgifter och säkerhet." />
      {!canEdit ? (
        <Callout.Root color="gray" variant="surface" mb="4">
          <Callout.Icon>
            <LockClosedIcon />
          </Callout.Icon>
          <Callout.Text>Du kan se uppgifterna. Bara administratörer kan ändra dem.</Callout.Text>
        </Callout.Root>
      ) : null}
      {error && !data ? (
        <ErrorState message={error.message} onRetry={() => void mutate()} />
      ) : data ? (
        <Flex direction="column" gap="5">
          <OrganisationForm key={data.id} organisation={data} canEdit={canEdit} />
          <SendHoursSection key={`${data.id}-hours`} organisation={data} canEdit={canEdit} />
        </Flex>
      ) : (
        <FormSkeleton />
      )}
    </>
  );
}

interface Values {
  name: string;
  org_no: string;
  street: string;
  zip: string;
  city: string;
  country: string;
  require_mfa: boolean;
  allocation_order: AllocationOrder;
  demand_payment_days: string;
}

/** Days an inkassokrav gives to pay or object when the organisation has chosen none (the server's default). */
const DEFAULT_DEMAND_PAYMENT_DAYS = 10;
/** God inkassosed: never fewer than 8 days (the server refuses less). */
const MIN_DEMAND_PAYMENT_DAYS = 8;

function valuesOf(organisation: Organisation): Values {
  const address = organisation.address_json ?? {};
  return {
    name: organisation.name,
    org_no: organisation.org_no ?? '',
    street: address.street ?? '',
    zip: address.zip ?? '',
    city: address.city ?? '',
    country: address.country ?? '',
    require_mfa: organisation.require_mfa,
    allocation_order: organisation.allocation_order,
    demand_payment_days: String(
      typeof organisation.settings.demand_payment_days === 'number' ? organisation.settings.demand_payment_days : DEFAULT_DEMAND_PAYMENT_DAYS,
    ),
  };
}

/** Only what changed; an emptied org number is sent as null, an emptied address as null. */
function patchOf(before: Values, after: Values): OrganisationPatch {
  const changed = changedText(before, after);
  const address = trimmedParts({ street: after.street, zip: after.zip, city: after.city, country: after.country });
  return {
    ...(changed('name') ? { name: after.name.trim() } : {}),
    ...(changed('org_no') ? { org_no: trimmedOrNull(after.org_no) } : {}),
    ...(changed('street', 'zip', 'city', 'country') ? { address_json: Object.keys(address).length > 0 ? address : null } : {}),
    ...(after.require_mfa !== before.require_mfa ? { require_mfa: after.require_mfa } : {}),
    ...(after.allocation_order !== before.allocation_order ? { allocation_order: after.allocation_order } : {}),
    ...(changed('demand_payment_days') ? { demand_payment_days: Number(after.demand_payment_days.trim()) } : {}),
  };
}

/** The two orders core knows (allocation-order.ts); costs first is Swedish practice and the default. */
const ALLOCATION_ORDER_OPTIONS: { value: AllocationOrder; label: string; description: string }[] = [
  {
    value: 'costs_first',
    label: 'Kostnader först (standard)',
    description: 'Avgifter, sedan ränta, sist kapital – så som betalningar normalt avräknas i svensk inkasso.',
  },
  {
    value: 'principal_first',
    label: 'Kapital först',
    description: 'Kapital, sedan ränta, sist avgifter.',
  },
];

function OrganisationForm({ organisation, canEdit }: { organisation: Organisation; canEdit: boolean }) {
  const { updateOrganisation } = useOrganisationMutations();
  const { toast } = useToast();
  const [saved, setSaved] = useState(() => valuesOf(organisation));
  const form = useForm(saved, {
    validate: (values) => ({
      ...(values.name.trim() ? {} : { name: 'Namn krävs' }),
      ...(/^\d+$/.test(values.demand_payment_days.trim()) && Number(values.demand_payment_days) >= MIN_DEMAND_PAYMENT_DAYS
        ? {}
        : { demand_payment_days: `Minst ${MIN_DEMAND_PAYMENT_DAYS} dagar (god inkassosed)` }),
    }),
    failure: 'Fel vid sparande',
    async submit(values) {
      const next = valuesOf(await updateOrganisation(patchOf(saved, values)));
      setSaved(next);
      form.reset(next);
      toast({ title: 'Sparat', description: 'Organisationens uppgifter har sparats', variant: 'success' });
    },
  });
  const isDirty = Object.keys(patchOf(saved, form.values)).length > 0;

  return (
    <form onSubmit={form.onSubmit} noValidate>
      <Flex direction="column" gap="5">
        <Section title="Uppgifter" description="Visas på brev, krav och ansökningar till Kronofogden.">
          <Grid columns={{ initial: '1', sm: '2' }} gap="4">
            <FormField label="Namn" required disabled={!canEdit} {...form.text('name')} />
            <FormField
              label="Organisationsnummer"
              placeholder="556036-0793"
              hint="10 siffror, med eller utan bindestreck"
              disabled={!canEdit}
              {...form.text('org_no')}
            />
          </Grid>
        </Section>
        <AddressSection form={form} canEdit={canEdit} />
        <LogoSection />
        <Section title="Avräkning av inbetalningar" description="I vilken ordning en inbetalning fördelas på ett ärendes avgifter, ränta och kapital.">
          <AllocationOrderField value={form.values.allocation_order} disabled={!canEdit} onChange={(allocation_order) => form.set({ allocation_order })} />
        </Section>
        <Section
          title="Inkassokrav"
          description="Hur lång tid gäldenären får på sig att betala eller invända, räknat från dagen kravet skickas. Visas som sista betalningsdag i kraven."
        >
          <Box maxWidth="240px">
            <FormField label="Betalningstid (dagar)" inputMode="numeric" hint="Minst 8 dagar" disabled={!canEdit} {...form.text('demand_payment_days')} />
          </Box>
        </Section>
        <SecuritySection requireMfa={form.values.require_mfa} canEdit={canEdit} onChange={(require_mfa) => form.set({ require_mfa })} />
        {canEdit ? (
          <Flex justify="end" gap="3">
            <Button type="button" variant="soft" color="gray" disabled={!isDirty || form.isSubmitting} onClick={() => form.reset(saved)}>
              Ångra
            </Button>
            <Button type="submit" disabled={!isDirty} loading={form.isSubmitting}>
              Spara ändringar
            </Button>
          </Flex>
        ) : null}
      </Flex>
    </form>
  );
}

function AddressSection({ form, canEdit }: { form: Form<Values>; canEdit: boolean }) {
  return (
    <Section title="Adress">
      <Grid columns={{ initial: '1', sm: '2' }} gap="4">
        <Box gridColumn={{ sm: 'span 2' }}>
          <FormField label="Gatuadress" autoComplete="street-address" disabled={!canEdit} {...form.text('street')} />
        </Box>
        <FormField label="Postnummer" autoComplete="postal-code" disabled={!canEdit} {...form.text('zip')} />
        <FormField label="Ort" autoComplete="address-level2" disabled={!canEdit} {...form.text('city')} />
        <FormField label="Land" autoComplete="country-name" placeholder="Sverige" disabled={!canEdit} {...form.text('country')} />
      </Grid>
    </Section>
  );
}

function LogoSection() {
  return (
    <Section title="Logotyp">
      <Flex align="center" gap="4">
        <Flex align="center" justify="center" className="logo-placeholder" aria-hidden>
          <ImageIcon width="22" height="22" />
        </Flex>
        <Flex direction="column" gap="2" align="start">
          <Flex align="center" gap="2">
            <Button type="button" variant="soft" disabled>
              Ladda upp logotyp
            </Button>
            <Badge color="amber" variant="soft" radius="full">
              Inte tillgänglig ännu
            </Badge>
          </Flex>
          <Text size="1" color="gray">
            Uppladdning av logotyp är inte tillgänglig ännu.
          </Text>
        </Flex>
      </Flex>
    </Section>
  );
}

function AllocationOrderField({ value, disabled, onChange }: { value: AllocationOrder; disabled: boolean; onChange(order: AllocationOrder): void }) {
  return <RadioList value={value} disabled={disabled} onValueChange={onChange} options={ALLOCATION_ORDER_OPTIONS} />;
}

function SecuritySection({ requireMfa, canEdit, onChange }: { requireMfa: boolean; canEdit: boolean; onChange(requireMfa: boolean): void }) {
  const { aal } = useAuth();
  // Requiring a second factor needs one of your own first (the server refuses it from aal1).
  const canRequireMfa = aal === 'aal2';
  return (
    <Section title="Säkerhet">
      <Text as="label" size="2">
        <Flex gap="3" align="start">
          <Switch mt="1" checked={requireMfa} disabled={!canEdit || (!canRequireMfa && !requireMfa)} onCheckedChange={onChange} />
          <Flex direction="column" gap="1">
            <Text weight="medium">Kräv tvåstegsverifiering</Text>
            <Text size="2" color="gray">
              Alla användare måste logga in med en kod från en autentiseringsapp. Den som saknar en får koppla en vid nästa inloggning.
            </Text>
          </Flex>
        </Flex>
      </Text>
      {canEdit && !canRequireMfa && !requireMfa ? (
        <Callout.Root color="blue" variant="surface" size="1" mt="3">
          <Callout.Icon>
            <InfoCircledIcon />
          </Callout.Icon>
          <Callout.Text>
            Aktivera tvåstegsverifiering för ditt eget konto först (användarmenyn → Tvåstegsverifiering), så att du inte låser ute dig själv.
          </Callout.Text>
        </Callout.Root>
      ) : null}
    </Section>
  );
}

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Card size="3">
      <Heading as="h2" size="4">
        {title}
      </Heading>
      {description ? (
        <Text as="p" size="2" color="gray" mt="1">
          {description}
        </Text>
      ) : null}
      <Box mt="4">{children}</Box>
    </Card>
  );
}

function FormSkeleton() {
  return (
    <Flex direction="column" gap="5" aria-hidden>
      {[0, 1].map((card) => (
        <Card size="3" key={card}>
          <Skeleton height="20px" width="140px" mb="4" />
          <Grid columns={{ initial: '1', sm: '2' }} gap="4">
            <Skeleton height="52px" />
            <Skeleton height="52px" />
          </Grid>
        </Card>
      ))}
    </Flex>
  );
}
