// The accounts use case's public entry point: what routes, plugins, the CLI and other use-case folders may import from it.
export { generateApiKey, hashApiKey, hashesEqual, isWellFormedApiKey } from "./api-key-format.ts";
export type { KeyService } from "./key-service.ts";
export { requireAction, requireAllSites, requireRole, requireSite, type Principal } from "./principal.ts";
export { routeScope } from "./route-scope.ts";
export { SessionService } from "./session-service.ts";
export { SetupService } from "./setup-service.ts";
export { createAccountsModule, type AccountsModule } from "./accounts-module.ts";
