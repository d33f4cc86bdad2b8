/** Lawsuits (tvistemål): the track suggestion, court fees and deadline reminders. The status machine is in cases/lawsuit-status. */
export * from './lawsuit-track';
export * from './lawsuit-deadlines';
