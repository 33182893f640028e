// Checks the patterns in a site's settings when they are saved, so an owner learns at once that a pattern cannot
// run (400 naming the field) instead of it silently never matching at search or crawl time.
import type { UrlBoost } from "../../shared/sites.ts";
import { badRequest } from "../errors/domain-error.ts";
import { compileUrlPatternSet } from "../patterns/url-pattern-set.ts";
import { compileUrlPattern, UrlPatternError, urlPatternSource } from "../patterns/url-pattern.ts";
import { re2ProgramSize } from "../patterns/safe-regex.ts";
import { Limits } from "../../shared/limits.ts";

interface PatternSettings {
  urlBoosts?: readonly UrlBoost[];
  crawlerConfig?: { includePatterns?: readonly string[]; excludePatterns?: readonly string[] };
}

function check(field: string, patterns: readonly string[] | undefined, compile: (pattern: string) => unknown): void {
  patterns?.forEach((pattern, index) => {
    try {
      compile(pattern);
    } catch (error) {
      if (error instanceof UrlPatternError) throw badRequest(`${field}[${index}]: ${error.message}`);
      throw error;
    }
  });
}

export function checkSettingsPatterns(settings: PatternSettings): void {
  const boosts = settings.urlBoosts?.map((rule) => rule.pattern);
  check("urlBoosts", boosts, (pattern) => compileUrlPattern(pattern));
  const total = (boosts ?? []).reduce((sum, pattern) => sum + re2ProgramSize(urlPatternSource(pattern).source), 0);
  if (total > Limits.urlBoostsProgramSize) {
    throw badRequest(
      `urlBoosts: the patterns together are too complex (${total} RE2 instructions, at most ${Limits.urlBoostsProgramSize}); use fewer or simpler patterns.`,
    );
  }
  check("crawlerConfig.includePatterns", settings.crawlerConfig?.includePatterns, compileUrlPattern);
  check("crawlerConfig.excludePatterns", settings.crawlerConfig?.excludePatterns, compileUrlPattern);
  // Building the boost set now means the first search after the change does not pay for it.
  if (boosts) compileUrlPatternSet(boosts);
}
