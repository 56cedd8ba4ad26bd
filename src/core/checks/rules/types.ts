/**
 * A team's lint rules, as read from a rules file (rules/schema.ts validates it): what the team
 * requires of its data beyond what the format needs. Each rule is optional; a rule's diagnostics
 * have the code `rules/<name>` and the rule's severity (default: error).
 */
export type RuleSeverity = 'error' | 'warning' | 'info';

export interface RuleBase {
  severity?: RuleSeverity;
}

export interface LintRules {
  /** Roles a message may have (`["system", "user", "assistant", "tool"]`). */
  allowedRoles?: RuleBase & { roles: string[] };
  /** A system (or developer) message is required, or forbidden. */
  systemMessage?: RuleBase & { require: 'required' | 'forbidden' };
  /** Roles the last message may have (`["assistant"]`). */
  lastRole?: RuleBase & { roles: string[] };
  /** User and assistant messages alternate (system, developer and tool messages aside). */
  alternation?: RuleBase;
  /** At most this many turns (user messages). */
  maxTurns?: RuleBase & { max: number };
  /** At most this many tokens in the render, with the tokenizer given. */
  maxTokens?: RuleBase & { max: number };
  /** At least this share (0–1) of the render's tokens trained, with the tokenizer given. */
  minTrainedShare?: RuleBase & { min: number };
  /** Text no message may contain: plain (case-sensitive) or a regular expression with its flags. */
  forbiddenText?: RuleBase & { patterns: ({ text: string } | { regex: string; flags?: string })[]; roles?: string[] };
}

export type { TokenMeasure } from '../../tokens/types.ts';
