import * as s from './index';
import { pgTwin } from './table';

/*
 * The PostgreSQL schema: the twin of every table in ./index.ts (built by `table`, ./table.ts),
 * exported by name because drizzle-kit (drizzle.pg.config.ts) reads a module's exports. A table
 * missing here is missing from the PostgreSQL migrations: pg-schema.test.ts checks the list is
 * complete. Relations are not twinned yet (no PostgreSQL query uses `db.query … with`).
 */

// auth
export const users = pgTwin(s.users);
export const profiles = pgTwin(s.profiles);
export const sessions = pgTwin(s.sessions);
export const mfaFactors = pgTwin(s.mfaFactors);
export const mfaChallenges = pgTwin(s.mfaChallenges);
export const authAttempts = pgTwin(s.authAttempts);

// orgs
export const organisations = pgTwin(s.organisations);
export const userOrgRoles = pgTwin(s.userOrgRoles);
export const invitations = pgTwin(s.invitations);
export const onboardingSteps = pgTwin(s.onboardingSteps);
export const notifications = pgTwin(s.notifications);

// parties
export const creditors = pgTwin(s.creditors);
export const parties = pgTwin(s.parties);

// cases
export const claims = pgTwin(s.claims);
export const cases = pgTwin(s.cases);
export const caseEvents = pgTwin(s.caseEvents);
export const caseFlags = pgTwin(s.caseFlags);
export const caseFees = pgTwin(s.caseFees);
export const paymentPlans = pgTwin(s.paymentPlans);
export const disputes = pgTwin(s.disputes);

// prescription
export const prescriptionInterruptions = pgTwin(s.prescriptionInterruptions);

// rules
export const rules = pgTwin(s.rules);

// finance
export const feeCatalogue = pgTwin(s.feeCatalogue);
export const interestProfiles = pgTwin(s.interestProfiles);
export const referenceRates = pgTwin(s.referenceRates);
export const payments = pgTwin(s.payments);
export const paymentAllocations = pgTwin(s.paymentAllocations);

// ledger
export const glAccounts = pgTwin(s.glAccounts);
export const glJournals = pgTwin(s.glJournals);
export const glEntries = pgTwin(s.glEntries);

// bank
export const bankAccounts = pgTwin(s.bankAccounts);
export const bankStatements = pgTwin(s.bankStatements);
export const bankStatementResolutions = pgTwin(s.bankStatementResolutions);

// communications
export const commTemplates = pgTwin(s.commTemplates);
export const commTemplateVersions = pgTwin(s.commTemplateVersions);
export const templateQaBatches = pgTwin(s.templateQaBatches);
export const commChannelsSettings = pgTwin(s.commChannelsSettings);
export const communications = pgTwin(s.communications);
export const commDeliveries = pgTwin(s.commDeliveries);
export const unsubscribeTokens = pgTwin(s.unsubscribeTokens);

// dunning
export const dunningPlans = pgTwin(s.dunningPlans);
export const dunningSteps = pgTwin(s.dunningSteps);
export const dunningRuns = pgTwin(s.dunningRuns);
export const dunningCaseSteps = pgTwin(s.dunningCaseSteps);

// kfm
export const kfmCases = pgTwin(s.kfmCases);
export const kfmFiles = pgTwin(s.kfmFiles);
export const kfmSubmissions = pgTwin(s.kfmSubmissions);
export const kfmEvents = pgTwin(s.kfmEvents);

// legal
export const lawsuits = pgTwin(s.lawsuits);

// portal
export const portalSessions = pgTwin(s.portalSessions);
export const bankidOrders = pgTwin(s.bankidOrders);

// system
export const jobQueue = pgTwin(s.jobQueue);
export const auditLogs = pgTwin(s.auditLogs);
export const distributionRules = pgTwin(s.distributionRules);
export const riskProfiles = pgTwin(s.riskProfiles);
export const aiPlaybooks = pgTwin(s.aiPlaybooks);
export const aiSuggestions = pgTwin(s.aiSuggestions);
export const storedFiles = pgTwin(s.storedFiles);
