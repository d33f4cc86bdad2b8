import { Separator } from '@radix-ui/themes';
import { LookupSearch, type LookupSearchProps } from '../../components/lookup-search';

/** A new record's register search that pre-fills its form, above the form. */
export function RegisterLookup(props: LookupSearchProps) {
  return (
    <>
      <LookupSearch {...props} />
      <Separator size="4" />
    </>
  );
}
