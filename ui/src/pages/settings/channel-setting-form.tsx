// A channel's settings form: provider, its options and credentials (fields from the provider
// catalogue the API sends), sandbox and active; 'Sparat' when saved, 'Save failed' when refused
// (the refused field is marked). Credentials are write-only: a saved one shows as masked, and an
// empty field keeps it.
import { Button, Card, Flex, Grid, Heading, Switch, Text } from '@radix-ui/themes';
import { useChannelMutations, type ChannelSetting, type ProviderDefinition } from '../../api/channel-settings';
import { SelectField } from '../../components/form/select-field';
import { useToast } from '../../components/toast';
import { useForm, type Form } from '../../lib/use-form';
import { inputOf, valuesFor, type ChannelFormValues } from './channel-form-values';
import { ProviderFields } from './provider-fields';

export function ChannelSettingForm({ setting, providers }: { setting: ChannelSetting; providers: readonly ProviderDefinition[] }) {
  const { saveChannel } = useChannelMutations();
  const { toast } = useToast();
  const definitionOf = (provider: string) => providers.find((definition) => definition.provider === provider) ?? providers[0]!;
  const form = useForm<ChannelFormValues>(
    () => valuesFor(setting, definitionOf(setting.provider), { is_active: String(setting.is_active), sandbox: String(setting.sandbox) }),
    {
      failure: 'Save failed',
      async submit(values) {
        await saveChannel(setting.channel, inputOf(values, definitionOf(values.provider!)));
        toast({ title: 'Sparat', description: `Inställningarna för ${setting.label} har sparats`, variant: 'success' });
      },
    },
  );
  const definition = definitionOf(form.values.provider!);
  const switchProvider = (provider: string) =>
    form.reset(valuesFor(setting, definitionOf(provider), { is_active: form.values.is_active!, sandbox: form.values.sandbox! }));

  return (
    <Card size="3">
      <form onSubmit={form.onSubmit} noValidate aria-label={`Inställningar för ${setting.label}`}>
        <Flex direction="column" gap="4">
          <Heading as="h2" size="4">
            {setting.label}
          </Heading>
          <Grid columns={{ initial: '1', sm: '2' }} gap="4">
            <SelectField
              label="Leverantör"
              value={definition.provider}
              onValueChange={switchProvider}
              options={providers.map((provider) => ({ value: provider.provider, label: provider.label }))}
              hint={definition.description}
            />
          </Grid>
          <ProviderFields form={form} definition={definition} setting={setting} />
          <Switches form={form} />
          <Flex justify="end">
            <Button type="submit" loading={form.isSubmitting}>
              Spara
            </Button>
          </Flex>
        </Flex>
      </form>
    </Card>
  );
}

function Switches({ form }: { form: Form<ChannelFormValues> }) {
  return (
    <Flex gap="6" wrap="wrap">
      <Text as="label" size="2">
        <Flex gap="2" align="center">
          <Switch checked={form.values.sandbox === 'true'} onCheckedChange={(checked) => form.set({ sandbox: String(checked) })} />
          Sandlådeläge (inget skickas på riktigt)
        </Flex>
      </Text>
      <Text as="label" size="2">
        <Flex gap="2" align="center">
          <Switch checked={form.values.is_active === 'true'} onCheckedChange={(checked) => form.set({ is_active: String(checked) })} />
          Aktiv
        </Flex>
      </Text>
    </Flex>
  );
}
