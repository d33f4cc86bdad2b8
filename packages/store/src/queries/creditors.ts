import { creditors } from '../schema';
import type { CreditorRow } from '../types';
import type { DirectoryTableSpec } from './directory';

/** Creditors (Kunder) as a directory: searched in name, org_no and customer_no. */
export const creditorDirectoryTable: DirectoryTableSpec<CreditorRow, 'name' | 'created_at' | 'customer_no'> = {
  table: creditors,
  search: { text: [creditors.name, creditors.org_no, creditors.customer_no], identifiers: [creditors.org_no, creditors.customer_no] },
  sorts: { name: creditors.name, created_at: creditors.created_at, customer_no: creditors.customer_no },
};
