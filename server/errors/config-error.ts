// A setting is missing or wrong: thrown at start-up with a sentence saying what to set.
export class ConfigError extends Error {
  override name = "ConfigError";
}
