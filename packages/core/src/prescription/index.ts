/** Preskription (preskriptionslag 1981:130): the prescribed date of a claim and the interruption that set it. */
export * from './prescription';
