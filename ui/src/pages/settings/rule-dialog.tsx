// 'Ny regel' / 'Redigera regel' (spec part 2 §2 Regelmotor, §5 "condition and action are JSON"):
// code, severity, description, the rule type with its parameters, the condition and action as
// JSON with live findings from the server, and the actions a blocking rule stops. Invalid JSON is
// refused with the reason instead of being ignored (docs/deviations.md).
import { Box, Callout, Card, Checkbox, Code, Flex, Grid, Spinner, Text } from '@radix-ui/themes';
import { CheckCircledIcon, CrossCircledIcon, InfoCircledIcon } from '@radix-ui/react-icons';
import { useRuleMutations, type Rule, type RuleActionDescription, type RuleSeverity, type RuleTypeDescription } from '../../api/rules';
import { FormActions } from '../../components/form/form-actions';
import { FormDialog } from '../../components/form/form-dialog';
import { FormField } from '../../components/form/form-field';
import { SelectField } from '../../components/form/select-field';
import { TextAreaField, type TextAreaFieldProps } from '../../components/form/text-area-field';
import { useToast } from '../../components/toast';
import { trimmedOrNull } from '../../lib/form-values';
import { useForm, type Form } from '../../lib/use-form';
import { SEVERITY_OPTIONS } from './rule-labels';
import { useRuleValidation } from './use-rule-validation';

export interface RuleDialogProps {
  open: boolean;
  /** The rule to edit; null creates a new one. */
  rule: Rule | null;
  ruleTypes: RuleTypeDescription[];
  actions: RuleActionDescription[];
  onOpenChange(open: boolean): void;
}

export function RuleDialog({ open, rule, ruleTypes, actions, onOpenChange }: RuleDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      maxWidth="760px"
      title={rule ? 'Redigera regel' : 'Ny regel'}
      description={
        rule
          ? 'Ändra beskrivning, allvarlighetsgrad, villkor och åtgärd. Koden kan inte ändras.'
          : 'Välj regeltyp, fyll i parametrarna i villkoret och vilka åtgärder regeln ska stoppa.'
      }
    >
      <RuleForm key={rule?.id ?? 'new'} rule={rule} ruleTypes={ruleTypes} actions={actions} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function pretty(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

/** The text parsed as a JSON object, or null when it is not one. */
function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

interface RuleValues {
  code: string;
  description: string;
  severity: RuleSeverity;
  condition: string;
  action: string;
}

function valuesOf(rule: Rule | null, ruleTypes: RuleTypeDescription[]): RuleValues {
  return {
    code: rule?.code ?? '',
    description: rule?.description ?? '',
    severity: rule?.severity ?? 'block',
    condition: pretty(rule?.condition_json ?? ruleTypes[0]?.example ?? {}),
    action: pretty(rule?.action_json ?? {}),
  };
}

const SEVERITIES = SEVERITY_OPTIONS.map((option) => ({ ...option, hint: option.hint.toLowerCase() }));

/** Where the API's refusals show. */
const SERVER_FIELDS = { condition_json: 'condition', action_json: 'action' } as const;

interface RuleFormProps {
  rule: Rule | null;
  ruleTypes: RuleTypeDescription[];
  actions: RuleActionDescription[];
  onDone(): void;
}

function RuleForm({ rule, ruleTypes, actions, onDone }: RuleFormProps) {
  const { createRule, updateRule } = useRuleMutations();
  const { toast } = useToast();
  const form = useForm(valuesOf(rule, ruleTypes), {
    validate: (values) => (!rule && !values.code.trim() ? { code: 'Kod krävs' } : {}),
    failure: 'Fel vid sparande',
    serverFields: SERVER_FIELDS,
    async submit(values) {
      const body = { description: trimmedOrNull(values.description), severity: values.severity, condition_json: values.condition, action_json: values.action };
      const saved = rule ? await updateRule(rule.id, body) : await createRule({ ...body, code: values.code.trim() });
      toast({ title: 'Regel sparad', description: saved.code, variant: 'success' });
      onDone();
    },
  });
  const validation = useRuleValidation(form.values.condition, form.values.action);
  const ruleType = ruleTypeOf(form.values.condition, ruleTypes);

  return (
    <form onSubmit={form.onSubmit} noValidate>
      <Flex direction="column" gap="4">
        <Grid columns={{ initial: '1', sm: '2' }} gap="3">
          {rule ? (
            <Box>
              <Text as="div" size="2" weight="medium">
                Kod
              </Text>
              <Code size="3" mt="2" variant="ghost" className="mono">
                {rule.code}
              </Code>
            </Box>
          ) : (
            <FormField
              label="Kod *"
              {...form.text('code', (text) => text.toUpperCase())}
              hint="Versaler, siffror och understreck, t.ex. PRESKRIPTION_B2C"
              className="mono"
            />
          )}
          <SelectField label="Allvarlighetsgrad" options={SEVERITIES} {...form.input('severity')} />
        </Grid>
        <TextAreaField label="Beskrivning" rows={2} placeholder="Vad regeln kontrollerar, som handläggaren ser det" {...form.input('description')} />
        <SelectField
          label="Regeltyp"
          placeholder="Välj regeltyp"
          options={ruleTypes.map((type) => ({ value: type.rule_type, label: `${type.label} (${type.rule_type})` }))}
          value={ruleType?.rule_type ?? ''}
          onValueChange={(type) => form.set({ condition: pretty(ruleTypes.find((candidate) => candidate.rule_type === type)?.example ?? {}) })}
          hint="Byter du regeltyp fylls villkoret i med ett exempel för typen."
        />
        {ruleType ? <RuleTypeHelp type={ruleType} /> : null}
        <JsonField label="Villkor (condition_json)" rows={6} {...form.input('condition')} />
        <BlockActions form={form} actions={actions} />
        <JsonField label="Åtgärd (action_json)" rows={5} {...form.input('action')} />
        <ValidationPanel validation={validation} />
      </Flex>
      <FormActions submitLabel={rule ? 'Spara regel' : 'Skapa regel'} isSubmitting={form.isSubmitting} />
    </form>
  );
}

function ruleTypeOf(conditionText: string, ruleTypes: RuleTypeDescription[]): RuleTypeDescription | null {
  const condition = parseObject(conditionText);
  return ruleTypes.find((type) => type.rule_type === condition?.['rule_type']) ?? null;
}

/** The actions a blocking rule stops, as checkboxes that edit the action's `block_actions`. */
function BlockActions({ form, actions }: { form: Form<RuleValues>; actions: RuleActionDescription[] }) {
  const action = parseObject(form.values.action);
  const blockActions = Array.isArray(action?.['block_actions']) ? (action['block_actions'] as unknown[]) : [];

  const toggle = (name: string, checked: boolean) => {
    if (!action) return;
    const next = new Set(blockActions.filter((entry): entry is string => typeof entry === 'string'));
    if (checked) next.add(name);
    else next.delete(name);
    const ordered = [
      ...actions.map((known) => known.action).filter((known) => next.has(known)),
      ...[...next].filter((entry) => !actions.some((known) => known.action === entry)),
    ];
    const rest = { ...action };
    delete rest['block_actions'];
    form.set({ action: pretty(ordered.length > 0 ? { ...rest, block_actions: ordered } : rest) });
  };

  return (
    <Box>
      <Text as="div" size="2" weight="medium">
        Blockerar åtgärder
      </Text>
      <Text as="p" size="1" color="gray" mb="2">
        Gäller när regeln är blockerande. Ingen markerad: regeln stoppar alla åtgärder.
      </Text>
      <Grid columns={{ initial: '1', sm: '2' }} gap="2">
        {actions.map((known) => (
          <Text as="label" size="2" key={known.action}>
            <Flex gap="2" align="center">
              <Checkbox
                checked={blockActions.includes(known.action)}
                disabled={!action}
                onCheckedChange={(checked) => toggle(known.action, checked === true)}
              />
              {known.label}{' '}
              <Code variant="ghost" color="gray">
                {known.action}
              </Code>
            </Flex>
          </Text>
        ))}
      </Grid>
    </Box>
  );
}

function JsonField(props: Omit<TextAreaFieldProps, 'spellCheck' | 'className'>) {
  return <TextAreaField {...props} spellCheck={false} className="json-editor" />;
}

function RuleTypeHelp({ type }: { type: RuleTypeDescription }) {
  return (
    <Card variant="surface" className="rule-type-help">
      <Flex direction="column" gap="2">
        <Flex gap="2" align="center">
          <InfoCircledIcon />
          <Text size="2" weight="bold">
            {type.label}
          </Text>
        </Flex>
        <Text size="2" color="gray">
          {type.description}
        </Text>
        {type.parameters.length > 0 ? (
          <Box asChild>
            <ul className="parameter-list">
              {type.parameters.map((parameter) => (
                <li key={parameter.name}>
                  <Code>{parameter.name}</Code>{' '}
                  <Text size="1" color={parameter.required ? 'red' : 'gray'}>
                    {parameter.required ? 'krävs' : 'valfri'}
                  </Text>
                  <Text as="div" size="1" color="gray">
                    {parameter.label}
                  </Text>
                </li>
              ))}
            </ul>
          </Box>
        ) : (
          <Text size="1" color="gray">
            Typen har inga parametrar utöver rule_type.
          </Text>
        )}
      </Flex>
    </Card>
  );
}

function ValidationPanel({ validation }: { validation: ReturnType<typeof useRuleValidation> }) {
  if (validation.error) {
    return (
      <Callout.Root color="gray" size="1">
        <Callout.Icon>
          <InfoCircledIcon />
        </Callout.Icon>
        <Callout.Text>Regeln kunde inte kontrolleras just nu: {validation.error}</Callout.Text>
      </Callout.Root>
    );
  }
  if (validation.findings === null) {
    return (
      <Flex gap="2" align="center">
        <Spinner size="1" />
        <Text size="2" color="gray">
          Kontrollerar regeln...
        </Text>
      </Flex>
    );
  }
  if (validation.findings.length === 0) {
    return (
      <Callout.Root color="green" size="1" role="status" data-checking={validation.isChecking}>
        <Callout.Icon>
          <CheckCircledIcon />
        </Callout.Icon>
        <Callout.Text>Villkor och åtgärd är giltiga.</Callout.Text>
      </Callout.Root>
    );
  }
  return (
    <Callout.Root color="red" size="1" role="alert" data-checking={validation.isChecking}>
      <Callout.Icon>
        <CrossCircledIcon />
      </Callout.Icon>
      <Flex direction="column" gap="1">
        <Text size="2" weight="bold">
          Regeln kan inte sparas så här
        </Text>
        <ul className="finding-list">
          {validation.findings.map((finding) => (
            <li key={`${finding.path}|${finding.message}`}>
              <Code variant="ghost">{finding.path}</Code>: {finding.message}
            </li>
          ))}
        </ul>
      </Flex>
    </Callout.Root>
  );
}
