// The body of a template with 'Infoga variabel': a menu of the variables the server knows, each
// inserted as {{name}} where the cursor stands.
import { ChevronDownIcon } from '@radix-ui/react-icons';
import { Button, Code, DropdownMenu, Flex, Text } from '@radix-ui/themes';
import { useRef } from 'react';
import type { TemplateVariable } from '../../api/templates';
import { TextAreaField } from '../../components/form/text-area-field';

export interface TemplateBodyFieldProps {
  label: string;
  value: string;
  onValueChange(text: string): void;
  error?: string | undefined;
  variables: readonly TemplateVariable[];
  rows?: number;
}

export function TemplateBodyField({ label, value, onValueChange, error, variables, rows = 10 }: TemplateBodyFieldProps) {
  const area = useRef<HTMLTextAreaElement>(null);

  const insert = (name: string) => {
    const placeholder = `{{${name}}}`;
    const element = area.current;
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? value.length;
    onValueChange(`${value.slice(0, start)}${placeholder}${value.slice(end)}`);
    // After React has written the new text: the cursor right after what was inserted.
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + placeholder.length, start + placeholder.length);
    });
  };

  return (
    <Flex direction="column" gap="2">
      <TextAreaField
        ref={area}
        label={label}
        rows={rows}
        value={value}
        onValueChange={onValueChange}
        error={error}
        spellCheck={false}
        className="template-body"
      />
      <Flex justify="between" align="center" gap="2" wrap="wrap">
        <Text size="1" color="gray">
          Variabler skrivs som {'{{namn}}'} och fylls i med ärendets uppgifter när meddelandet skickas.
        </Text>
        <DropdownMenu.Root>
          <DropdownMenu.Trigger>
            <Button type="button" variant="soft" size="1">
              Infoga variabel <ChevronDownIcon />
            </Button>
          </DropdownMenu.Trigger>
          <DropdownMenu.Content className="variable-menu">
            {variables.map((variable) => (
              <DropdownMenu.Item key={variable.name} onSelect={() => insert(variable.name)}>
                <Flex justify="between" gap="4" width="100%">
                  <Text>{variable.label}</Text>
                  <Code variant="ghost" color="gray">
                    {variable.name}
                  </Code>
                </Flex>
              </DropdownMenu.Item>
            ))}
          </DropdownMenu.Content>
        </DropdownMenu.Root>
      </Flex>
    </Flex>
  );
}
