import { DataList, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';

/** One labelled value of a detail card's DataList; a dash when there is no value. */
export function DetailItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.Label minWidth="120px">{label}</DataList.Label>
      <DataList.Value>{children ?? <Text color="gray">–</Text>}</DataList.Value>
    </DataList.Item>
  );
}
