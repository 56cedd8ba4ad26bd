/** The one check of a record (check-record.ts), its profile, its list order, the team's lint rules. */
export { checkProvenClean, checkRecord, type CheckHow, type CheckInput, type RecordCheck } from './check-record.ts';
export { dialectContextOf, sameProfile, type CheckProfile } from './profile.ts';
export { combineDiagnostics, comparePaths, countBySeverity, diagnosticKey, SEVERITY_RANK, withoutSource, type CheckedDiagnostic, type CheckSource, type DiagnosticSources } from './list.ts';
export { checkStructure, needsRenderText, roleFixId, STRUCTURE_CODES, type StructureInput } from './structure.ts';
export { checkRules, checkRulesOn, needsTokens, subjectOf, type RuleSubject, type TextSpot, type TextVisit, parseLintRules, type RulesParse, type LintRules, type RuleBase, type RuleSeverity, type TokenMeasure } from './rules/index.ts';
export { contentKey, duplicateText, DuplicateFinder } from './duplicates.ts';
