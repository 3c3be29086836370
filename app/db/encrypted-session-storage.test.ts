import { Session } from "@shopify/shopify-api";
import type { SessionStorage } from "@shopify/shopify-app-session-storage";
import { describe, expect, it, vi } from "vitest";
import { derivedSecretKey, isSealedSecret, parseSecretKey, sealedKeyId, type SecretKey } from "../domain/secret-box";
import { EncryptedSessionStorage, openSessionToken, sealSessionToken } from "./encrypted-session-storage.server";
import { logger } from "../logger.server";

const SHOP = "sealed-shop.myshopify.com";
const current = parseSecretKey("00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff");
const previous = derivedSecretKey("old passphrase");

/** What a database would hold: the sessions exactly as they were handed over (copies). */
class MemoryStorage implements SessionStorage {
  readonly rows = new Map<string, Session>();
  storeSession(session: Session) {
    this.rows.set(session.id, new Session(session.toObject()));
    return Promise.resolve(true);
  }
  loadSession(id: string) {
    const row = this.rows.get(id);
    return Promise.resolve(row ? new Session(row.toObject()) : undefined);
  }
  deleteSession(id: string) {
    this.rows.delete(id);
    return Promise.resolve(true);
  }
  deleteSessions(ids: string[]) {
    for (const id of ids) this.rows.delete(id);
    return Promise.resolve(true);
  }
  findSessionsByShop(shop: string) {
    return Promise.resolve(
      [...this.rows.values()].filter((row) => row.shop === shop).map((row) => new Session(row.toObject())),
    );
  }
}

function offline(shop = SHOP, extra: Partial<ConstructorParameters<typeof Session>[0]> = {}) {
  return new Session({
    id: `offline_${shop}`,
    shop,
    state: "state",
    isOnline: false,
    scope: "read_orders",
    accessToken: "shpat_access-token-in-clear",
    refreshToken: "shprt_refresh-token-in-clear",
    expires: new Date("2030-01-01T00:00:00Z"),
    refreshTokenExpires: new Date("2030-02-01T00:00:00Z"),
    ...extra,
  });
}

function storageWith(keys: SecretKey[]) {
  const inner = new MemoryStorage();
  return { inner, storage: new EncryptedSessionStorage(inner, () => keys) };
}

describe("Shopify sessions encrypted at rest", () => {
  it("stores the access and refresh tokens sealed and loads them in clear", async () => {
    const { inner, storage } = storageWith([current]);
    const session = offline();
    expect(await storage.storeSession(session)).toBe(true);
    // the caller's session is left as it was
    expect(session.accessToken).toBe("shpat_access-token-in-clear");

    const row = inner.rows.get(session.id)!;
    expect(sealedKeyId(row.accessToken!)).toBe(current.id);
    expect(sealedKeyId(row.refreshToken!)).toBe(current.id);
    expect(JSON.stringify(row.toObject())).not.toContain("token-in-clear");
    // everything else is stored as it came
    expect(row.scope).toBe("read_orders");
    expect(row.expires).toEqual(session.expires);

    const loaded = await storage.loadSession(session.id);
    expect(loaded?.accessToken).toBe("shpat_access-token-in-clear");
    expect(loaded?.refreshToken).toBe("shprt_refresh-token-in-clear");
    expect(loaded?.equals(session)).toBe(true);
    expect(await storage.loadSession("offline_nobody.myshopify.com")).toBeUndefined();
  });

  it("finds a shop's sessions in clear and deletes them", async () => {
    const { inner, storage } = storageWith([current]);
    await storage.storeSession(offline());
    await storage.storeSession(offline("other.myshopify.com"));
    const online = new Session({
      id: `${SHOP}_42`,
      shop: SHOP,
      state: "state",
      isOnline: true,
      accessToken: "shpua_online-token",
    });
    await storage.storeSession(online);
    const found = await storage.findSessionsByShop(SHOP);
    expect(found.map((session) => session.accessToken).sort()).toEqual([
      "shpat_access-token-in-clear",
      "shpua_online-token",
    ]);
    expect(isSealedSecret(inner.rows.get(online.id)!.accessToken!)).toBe(true);

    expect(await storage.deleteSession(online.id)).toBe(true);
    expect(await storage.findSessionsByShop(SHOP)).toHaveLength(1);
    expect(await storage.deleteSessions([`offline_${SHOP}`, "offline_other.myshopify.com"])).toBe(true);
    expect(inner.rows.size).toBe(0);
  });

  it("reads a session stored in clear before encryption (until it is sealed)", async () => {
    const { inner, storage } = storageWith([current]);
    await inner.storeSession(offline());
    expect((await storage.loadSession(`offline_${SHOP}`))?.accessToken).toBe("shpat_access-token-in-clear");
    expect((await storage.findSessionsByShop(SHOP))[0]?.refreshToken).toBe("shprt_refresh-token-in-clear");
  });

  it("stores a session without a token as it is (nothing to seal)", async () => {
    const { inner, storage } = storageWith([current]);
    await storage.storeSession(offline(SHOP, { accessToken: undefined, refreshToken: undefined }));
    expect(inner.rows.get(`offline_${SHOP}`)?.accessToken).toBeUndefined();
    expect((await storage.loadSession(`offline_${SHOP}`))?.accessToken).toBeUndefined();
  });

  it("opens tokens sealed with a previous key after a rotation, and seals new ones with the current key", async () => {
    const before = storageWith([previous]);
    await before.storage.storeSession(offline());
    const after = new EncryptedSessionStorage(before.inner, () => [current, previous]);
    expect((await after.loadSession(`offline_${SHOP}`))?.accessToken).toBe("shpat_access-token-in-clear");
    await after.storeSession(offline());
    expect(sealedKeyId(before.inner.rows.get(`offline_${SHOP}`)!.accessToken!)).toBe(current.id);
  });

  it("treats a session whose key is gone, or that was moved to another shop, as missing (Shopify's token exchange makes a new one)", async () => {
    const errors = vi.spyOn(logger, "error");
    const { inner } = storageWith([previous]);
    await new EncryptedSessionStorage(inner, () => [previous]).storeSession(offline());
    const keyLost = new EncryptedSessionStorage(inner, () => [current]);
    expect(await keyLost.loadSession(`offline_${SHOP}`)).toBeUndefined();
    expect(await keyLost.findSessionsByShop(SHOP)).toEqual([]);
    expect(errors).toHaveBeenCalledWith(expect.any(String), expect.objectContaining({ sessionId: `offline_${SHOP}` }));
    expect(JSON.stringify(errors.mock.calls[0])).not.toContain("token-in-clear");

    // a sealed token copied into another shop's row does not open
    const moved = inner.rows.get(`offline_${SHOP}`)!;
    const copy = new Session({ ...moved.toObject(), id: "offline_thief.myshopify.com", shop: "thief.myshopify.com" });
    inner.rows.set(copy.id, copy);
    const storage = new EncryptedSessionStorage(inner, () => [previous]);
    expect(await storage.loadSession(copy.id)).toBeUndefined();
    errors.mockRestore();
  });

  it("refuses to store a token when no key is configured, rather than store it in clear", async () => {
    const { inner, storage } = storageWith([]);
    await expect(storage.storeSession(offline())).rejects.toThrow(/ALERTS_ENCRYPTION_KEY/);
    expect(inner.rows.size).toBe(0);
  });

  it("binds a sealed token to its shop", () => {
    const sealed = sealSessionToken(SHOP, "shpat_x", current);
    expect(openSessionToken(SHOP, sealed, [current])).toBe("shpat_x");
    expect(() => openSessionToken("other.myshopify.com", sealed, [current])).toThrow();
    expect(openSessionToken(SHOP, "shpat_legacy", [current])).toBe("shpat_legacy");
  });
});
