// The fields of one provider, as the API's catalogue describes them: settings shown in clear,
// credentials as password fields that never show a saved value (only that one is saved).
import { Badge, Grid } from '@radix-ui/themes';
import type { ChannelSetting, ProviderDefinition, ProviderField } from '../../api/channel-settings';
import { FormField } from '../../components/form/form-field';
import { FormSection } from '../../components/form/form-section';
import { SelectField } from '../../components/form/select-field';
import type { Form } from '../../lib/use-form';
import { optionField, secretField, type ChannelFormValues } from './channel-form-values';

function OptionField({ form, field }: { form: Form<ChannelFormValues>; field: ProviderField }) {
  const name = optionField(field.name);
  if (field.choices) {
    return <SelectField label={field.label} options={field.choices} hint={field.hint} {...form.input(name)} />;
  }
  return (
    <FormField
      label={field.required ? `${field.label} *` : field.label}
      type={field.kind === 'email' ? 'email' : 'text'}
      inputMode={field.kind === 'number' ? 'numeric' : undefined}
      placeholder={field.placeholder}
      hint={field.hint}
      autoComplete="off"
      {...form.text(name)}
    />
  );
}

function SecretField({
  form,
  field,
  saved,
}: {
  form: Form<ChannelFormValues>;
  field: ProviderField;
  saved: ChannelSetting['credentials'][number] | undefined;
}) {
  return (
    <FormField
      label={field.required ? `${field.label} *` : field.label}
      type="password"
      autoComplete="new-password"
      placeholder={saved?.set ? `${saved.masked ?? '••••••••'} (sparad)` : field.placeholder}
      hint={saved?.set ? <Badge color="green">Sparad – lämna tomt för att behålla</Badge> : 'Inte angiven'}
      {...form.text(secretField(field.name))}
    />
  );
}

export function ProviderFields({ form, definition, setting }: { form: Form<ChannelFormValues>; definition: ProviderDefinition; setting: ChannelSetting }) {
  const sameProvider = setting.provider === definition.provider;
  return (
    <>
      {definition.options.length > 0 ? (
        <FormSection title="Inställningar">
          <Grid columns={{ initial: '1', sm: '2' }} gap="4">
            {definition.options.map((field) => (
              <OptionField key={field.name} form={form} field={field} />
            ))}
          </Grid>
        </FormSection>
      ) : null}
      {definition.secrets.length > 0 ? (
        <FormSection title="Inloggningsuppgifter">
          <Grid columns={{ initial: '1', sm: '2' }} gap="4">
            {definition.secrets.map((field) => (
              <SecretField
                key={field.name}
                form={form}
                field={field}
                saved={sameProvider ? setting.credentials.find((credential) => credential.field === field.name) : undefined}
              />
            ))}
          </Grid>
        </FormSection>
      ) : null}
    </>
  );
}
