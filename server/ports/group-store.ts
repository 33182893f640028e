// Search groups: named sets of an organisation's sites searched together.

export interface GroupRow {
  id: string;
  orgId: string;
  name: string;
  description: string;
  siteIds: string[];
  createdAt: Date;
  updatedAt: Date;
}

export interface GroupStore {
  create(input: { orgId: string; name: string; description: string; siteIds: string[] }): Promise<GroupRow>;
  list(orgId: string): Promise<GroupRow[]>;
  count(orgId: string): Promise<number>;
  get(orgId: string, groupId: string): Promise<GroupRow | null>;
  getById(groupId: string): Promise<GroupRow | null>;
  update(orgId: string, groupId: string, patch: Partial<Pick<GroupRow, "name" | "description" | "siteIds">>): Promise<GroupRow | null>;
  delete(orgId: string, groupId: string): Promise<boolean>;
}
