// The search groups as the container builds them: the Enterprise plan's groups API, and the reads public group
// search makes.
import type { GroupStore } from "../ports/group-store.ts";
import { GroupService, type GroupSites } from "./group-service.ts";

export function createGroupsModule(deps: { store: GroupStore; sites: GroupSites }) {
  return { groups: new GroupService(deps.store, deps.sites), store: deps.store };
}

export type GroupsModule = ReturnType<typeof createGroupsModule>;
