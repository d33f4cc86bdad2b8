// 'Ny regel' / 'Redigera regel' (spec part 2 §2 Regelmotor, §5 "condition and action are JSON"):
// code, severity, description, the rule type with its parameters, the condition and action as
// JSON with live findings from the server, and the actions a blocking rule stops. Invalid JSON is
// refused with the reason instead of being ignored (docs/deviations.md).
import { Box, Button, Callout, Card, Checkbox, Code, Dialog, Flex, Grid, Select, Spinner, Text, TextArea } from '@radix-ui/themes';
import { CheckCircledIcon, CrossCircledIcon, InfoCircledIcon } from '@radix-ui/react-icons';
import { useId, useState, type FormEvent } from 'react';
import { useRuleMutations, type Rule, type RuleActionDescription, type RuleSeverity, type RuleTypeDescription } from '../../api/rules';
import { FormField } from '../../components/form/form-field';
import { useToast } from '../../components/toast';
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
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="760px">
        <Dialog.Title>{rule ? 'Redigera regel' : 'Ny regel'}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          {rule
            ? 'Ändra beskrivning, allvarlighetsgrad, villkor och åtgärd. Koden kan inte ändras.'
            : 'Välj regeltyp, fyll i parametrarna i villkoret och vilka åtgärder regeln ska stoppa.'}
        </Dialog.Description>
        {/* Mounted only while open, so every opening starts from the saved values. */}
        {open ? <RuleForm key={rule?.id ?? 'new'} rule={rule} ruleTypes={ruleTypes} actions={actions} onDone={() => onOpenChange(false)} /> : null}
      </Dialog.Content>
    </Dialog.Root>
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

function RuleForm({
  rule,
  ruleTypes,
  actions,
  onDone,
}: {
  rule: Rule | null;
  ruleTypes: RuleTypeDescription[];
  actions: RuleActionDescription[];
  onDone(): void;
}) {
  const { createRule, updateRule } = useRuleMutations();
  const { toast } = useToast();
  const ids = useId();
  const [values, setValues] = useState(() => valuesOf(rule, ruleTypes));
  const [codeError, setCodeError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const validation = useRuleValidation(values.condition, values.action);

  const condition = parseObject(values.condition);
  const ruleType = ruleTypes.find((type) => type.rule_type === condition?.['rule_type']) ?? null;
  const action = parseObject(values.action);
  const blockActions = Array.isArray(action?.['block_actions']) ? (action['block_actions'] as unknown[]) : [];

  const set = <K extends keyof RuleValues>(field: K, value: RuleValues[K]) => setValues((current) => ({ ...current, [field]: value }));

  const chooseType = (type: string) => {
    const chosen = ruleTypes.find((candidate) => candidate.rule_type === type);
    if (chosen) set('condition', pretty(chosen.example));
  };

  const toggleAction = (name: string, checked: boolean) => {
    if (!action) return;
    const next = new Set(blockActions.filter((entry): entry is string => typeof entry === 'string'));
    if (checked) next.add(name);
    else next.delete(name);
    const ordered = [
      ...actions.map((known) => known.action).filter((known) => next.has(known)),
      ...[...next].filter((entry) => !actions.some((known) => known.action === entry)),
    ];
    const { block_actions: _previous, ...rest } = action;
    set('action', pretty(ordered.length > 0 ? { ...rest, block_actions: ordered } : rest));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!rule && !values.code.trim()) {
      setCodeError('Kod krävs');
      return;
    }
    setIsSaving(true);
    try {
      const body = { description: values.description.trim() || null, severity: values.severity, condition_json: values.condition, action_json: values.action };
      const saved = rule ? await updateRule(rule.id, body) : await createRule({ ...body, code: values.code.trim() });
      toast({ title: 'Regel sparad', description: saved.code, variant: 'success' });
      onDone();
    } catch (saveError) {
      toast({ title: 'Fel vid sparande', description: (saveError as Error).message, variant: 'destructive' });
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
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
              value={values.code}
              onChange={(event) => {
                set('code', event.target.value.toUpperCase());
                setCodeError(null);
              }}
              error={codeError}
              hint="Versaler, siffror och understreck, t.ex. PRESKRIPTION_B2C"
              className="mono"
            />
          )}
          <Box>
            <Text as="label" size="2" weight="medium" htmlFor={`${ids}-severity`}>
              Allvarlighetsgrad
            </Text>
            <Select.Root value={values.severity} onValueChange={(value) => set('severity', value as RuleSeverity)}>
              {/* The trigger shows the label only; the choices explain each level. */}
              <Select.Trigger id={`${ids}-severity`} mt="1" style={{ width: '100%' }}>
                {SEVERITY_OPTIONS.find((option) => option.value === values.severity)?.label}
              </Select.Trigger>
              <Select.Content position="popper">
                {SEVERITY_OPTIONS.map((option) => (
                  <Select.Item key={option.value} value={option.value}>
                    {option.label} <Text color="gray">– {option.hint.toLowerCase()}</Text>
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </Box>
        </Grid>

        <Box>
          <Text as="label" size="2" weight="medium" htmlFor={`${ids}-description`}>
            Beskrivning
          </Text>
          <TextArea
            id={`${ids}-description`}
            mt="1"
            rows={2}
            value={values.description}
            onChange={(event) => set('description', event.target.value)}
            placeholder="Vad regeln kontrollerar, som handläggaren ser det"
          />
        </Box>

        <Box>
          <Text as="label" size="2" weight="medium" htmlFor={`${ids}-type`}>
            Regeltyp
          </Text>
          <Select.Root value={ruleType?.rule_type ?? ''} onValueChange={chooseType}>
            <Select.Trigger id={`${ids}-type`} mt="1" placeholder="Välj regeltyp" style={{ width: '100%' }} />
            <Select.Content position="popper">
              {ruleTypes.map((type) => (
                <Select.Item key={type.rule_type} value={type.rule_type}>
                  {type.label} ({type.rule_type})
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
          <Text as="p" size="1" color="gray" mt="1">
            Byter du regeltyp fylls villkoret i med ett exempel för typen.
          </Text>
        </Box>

        {ruleType ? <RuleTypeHelp type={ruleType} /> : null}

        <JsonField id={`${ids}-condition`} label="Villkor (condition_json)" value={values.condition} rows={6} onChange={(text) => set('condition', text)} />

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
                    onCheckedChange={(checked) => toggleAction(known.action, checked === true)}
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

        <JsonField id={`${ids}-action`} label="Åtgärd (action_json)" value={values.action} rows={5} onChange={(text) => set('action', text)} />

        <ValidationPanel validation={validation} />
      </Flex>

      <Flex gap="3" justify="end" mt="5">
        <Dialog.Close>
          <Button type="button" variant="soft" color="gray">
            Avbryt
          </Button>
        </Dialog.Close>
        <Button type="submit" disabled={isSaving}>
          {isSaving ? 'Sparar...' : rule ? 'Spara regel' : 'Skapa regel'}
        </Button>
      </Flex>
    </form>
  );
}

function JsonField({ id, label, value, rows, onChange }: { id: string; label: string; value: string; rows: number; onChange(text: string): void }) {
  return (
    <Box>
      <Text as="label" size="2" weight="medium" htmlFor={id}>
        {label}
      </Text>
      <TextArea id={id} mt="1" rows={rows} value={value} spellCheck={false} className="json-editor" onChange={(event) => onChange(event.target.value)} />
    </Box>
  );
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
