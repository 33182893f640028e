// A UTC calendar day as YYYY-MM-DD: the key of daily analytics, shared by the recorders, the ranges and the rollups.
export const utcDay = (d: Date): string => d.toISOString().slice(0, 10);
