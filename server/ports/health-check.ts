// One named check behind GET /health: an engine, store or queue reporting its own state.

export interface HealthCheck {
  name: string;
  check(): Promise<{ ok: boolean; detail?: string; [k: string]: unknown }>;
}
