// The rule list of /settings/rules: severity, code and description, rule type, what a blocking
// rule stops, and the active toggle ('Regel uppdaterad'); switching a rule off asks why first.
import { ExclamationTriangleIcon, Pencil1Icon } from '@radix-ui/react-icons';
import { Badge, Code, Flex, IconButton, Switch, Table, Text, Tooltip, VisuallyHidden } from '@radix-ui/themes';
import { useState } from 'react';
import { useRuleMutations, type Rule, type RuleList } from '../../api/rules';
import { RecordStatusBadge, TableSkeletonRows } from '../../components/data-table';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useToast } from '../../components/toast';
import { blockActionsOf, SeverityBadge } from './rule-labels';

const COLUMN_COUNT = 6;

export interface RulesTableProps {
  list: RuleList | undefined;
  canWrite: boolean;
  onEdit(rule: Rule): void;
}

export function RulesTable({ list, canWrite, onEdit }: RulesTableProps) {
  return (
    <Table.Root variant="surface" className="data-table">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell width="96px">Aktiv</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Regel</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Regeltyp</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Allvarlighetsgrad</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Stoppar</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell width="56px">
            <VisuallyHidden>Åtgärder</VisuallyHidden>
          </Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {!list ? (
          <TableSkeletonRows columns={COLUMN_COUNT} rows={5} />
        ) : (
          list.items.map((rule) => <RuleRow key={rule.id} rule={rule} list={list} canWrite={canWrite} onEdit={() => onEdit(rule)} />)
        )}
      </Table.Body>
    </Table.Root>
  );
}

function RuleRow({ rule, list, canWrite, onEdit }: { rule: Rule; list: RuleList; canWrite: boolean; onEdit(): void }) {
  const { updateRule } = useRuleMutations();
  const { toast } = useToast();
  const [isToggling, setIsToggling] = useState(false);
  const [isConfirmingOff, setConfirmingOff] = useState(false);
  const typeLabel = list.rule_types.find((type) => type.rule_type === rule.rule_type)?.label;
  const blockActions = blockActionsOf(rule.action_json);
  const actionLabel = (action: string) => list.actions.find((known) => known.action === action)?.label ?? action;

  /** Rejects on failure, so the confirmation stays open for another try. */
  const toggle = async (isActive: boolean, reason?: string) => {
    setIsToggling(true);
    try {
      await updateRule(rule.id, { is_active: isActive, ...(reason ? { reason } : {}) });
      toast({ title: 'Regel uppdaterad', description: `${rule.code} är ${isActive ? 'aktiv' : 'inaktiv'}`, variant: 'success' });
    } catch (toggleError) {
      toast({ title: 'Fel vid sparande', description: (toggleError as Error).message, variant: 'destructive' });
      throw toggleError;
    } finally {
      setIsToggling(false);
    }
  };

  return (
    <Table.Row align="center" data-inactive={!rule.is_active} className="rule-row">
      <Table.Cell>
        {canWrite ? (
          <>
            <Switch
              checked={rule.is_active}
              disabled={isToggling}
              onCheckedChange={(checked) => (checked ? void toggle(true).catch(() => undefined) : setConfirmingOff(true))}
              aria-label={`${rule.code} aktiv`}
            />
            <ConfirmDialog
              open={isConfirmingOff}
              title={`Stäng av regeln ${rule.code}?`}
              description="Regeln kontrollerar då inga ärenden och stoppar inga åtgärder förrän den slås på igen."
              confirmLabel="Stäng av regeln"
              reason={{ missing: 'Ange varför regeln stängs av', placeholder: 'T.ex. Ersatt av en ny regel' }}
              onConfirm={(reason) => toggle(false, reason)}
              onOpenChange={setConfirmingOff}
            />
          </>
        ) : (
          <RecordStatusBadge status={rule.is_active ? 'active' : 'inactive'} />
        )}
      </Table.Cell>
      <Table.RowHeaderCell>
        <Flex direction="column" gap="1">
          <Flex gap="2" align="center">
            <Code variant="ghost" weight="bold" className="mono">
              {rule.code}
            </Code>
            {rule.findings.length > 0 ? (
              <Tooltip content={rule.findings.map((finding) => `${finding.path}: ${finding.message}`).join(' · ')}>
                <Badge color="red" variant="soft">
                  <ExclamationTriangleIcon /> Ogiltig
                </Badge>
              </Tooltip>
            ) : null}
          </Flex>
          {rule.description ? (
            <Text size="2" color="gray" className="rule-description">
              {rule.description}
            </Text>
          ) : null}
        </Flex>
      </Table.RowHeaderCell>
      <Table.Cell>
        <Text size="2">{typeLabel ?? rule.rule_type ?? '–'}</Text>
      </Table.Cell>
      <Table.Cell>
        <SeverityBadge severity={rule.severity} />
      </Table.Cell>
      <Table.Cell>
        {rule.severity !== 'block' ? (
          <Text size="2" color="gray">
            –
          </Text>
        ) : blockActions.length === 0 ? (
          <Text size="2">Alla åtgärder</Text>
        ) : (
          <Flex gap="1" wrap="wrap">
            {blockActions.map((action) => (
              <Badge key={action} color="gray" variant="surface">
                {actionLabel(action)}
              </Badge>
            ))}
          </Flex>
        )}
      </Table.Cell>
      <Table.Cell justify="end">
        {canWrite ? (
          <IconButton variant="ghost" color="gray" aria-label={`Redigera ${rule.code}`} onClick={onEdit}>
            <Pencil1Icon />
          </IconButton>
        ) : null}
      </Table.Cell>
    </Table.Row>
  );
}
