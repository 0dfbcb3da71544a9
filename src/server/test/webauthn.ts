// A software passkey for the API tests (decision 063): an ES256 (P-256) key pair from
// node:crypto, the attestation "none" a browser sends when a passkey is added, and assertions
// signed as an authenticator signs them (WebAuthn §6.1, §6.5.4), encoded with
// @simplewebauthn/server's own CBOR and base64url helpers. Each option can be bent to make
// the answers a hostile client would send: no user verification, another origin or RP ID.
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { isoBase64URL, isoCBOR } from "@simplewebauthn/server/helpers";
import type { Db } from "@/server/db/client";
import { passkey } from "@/server/db/schema";

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;

export type Bend = {
  /** The authenticator verified the user (PIN, fingerprint): true unless a test says not. */
  userVerified?: boolean;
  origin?: string;
  rpId?: string;
  /** The challenge signed instead of the options' one. */
  challenge?: string;
  /** The signature counter to report (each assertion counts one up by default). */
  counter?: number;
};

type Credential = {
  id: string;
  privateKey: KeyObject;
  /** The COSE public key, as the database keeps it. */
  publicKey: Uint8Array<ArrayBuffer>;
  userHandle: string;
  counter: number;
};

function sha256(data: Uint8Array | string): Uint8Array {
  return new Uint8Array(createHash("sha256").update(data).digest());
}

function uint32(value: number): Uint8Array {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, value);
  return bytes;
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function newKeyPair(): { privateKey: KeyObject; publicKey: Uint8Array<ArrayBuffer> } {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const cose = new Map<number, number | Uint8Array>([
    [1, 2], // kty: EC2
    [3, -7], // alg: ES256
    [-1, 1], // crv: P-256
    [-2, isoBase64URL.toBuffer(jwk.x as string)],
    [-3, isoBase64URL.toBuffer(jwk.y as string)],
  ]);
  return { privateKey, publicKey: new Uint8Array(isoCBOR.encode(cose)) };
}

function clientData(type: string, challenge: string, origin: string): string {
  return isoBase64URL.fromUTF8String(
    JSON.stringify({ type, challenge, origin, crossOrigin: false }),
  );
}

/** One authenticator holding any number of passkeys, for the site at `siteUrl`. */
export class TestAuthenticator {
  readonly origin: string;
  readonly rpId: string;
  private readonly credentials = new Map<string, Credential>();

  constructor(siteUrl: string) {
    const url = new URL(siteUrl);
    this.origin = url.origin;
    this.rpId = url.hostname;
  }

  /** What navigator.credentials.create() gives for `options` (attestation "none"). */
  register(
    options: PublicKeyCredentialCreationOptionsJSON,
    bend: Bend = {},
  ): RegistrationResponseJSON {
    const { privateKey, publicKey } = newKeyPair();
    const idBytes = new Uint8Array(randomBytes(32));
    const id = isoBase64URL.fromBuffer(idBytes);
    const credential = { id, privateKey, publicKey, userHandle: options.user.id, counter: 0 };
    this.credentials.set(id, credential);
    const flags =
      FLAG_USER_PRESENT |
      FLAG_ATTESTED_DATA |
      (bend.userVerified === false ? 0 : FLAG_USER_VERIFIED);
    const credentialIdLength = new Uint8Array([idBytes.length >> 8, idBytes.length & 0xff]);
    const authData = concat(
      sha256(bend.rpId ?? this.rpId),
      new Uint8Array([flags]),
      uint32(bend.counter ?? 0),
      new Uint8Array(16), // AAGUID: none
      credentialIdLength,
      idBytes,
      publicKey,
    );
    const attestation = new Map<string, unknown>([
      ["fmt", "none"],
      ["attStmt", new Map()],
      ["authData", authData],
    ]);
    return {
      id,
      rawId: id,
      type: "public-key",
      response: {
        clientDataJSON: clientData(
          "webauthn.create",
          bend.challenge ?? options.challenge,
          bend.origin ?? this.origin,
        ),
        attestationObject: isoBase64URL.fromBuffer(
          isoCBOR.encode(attestation as Map<string, never>),
        ),
        transports: ["internal"],
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }

  /** What navigator.credentials.get() gives with the passkey `credentialId` (the newest by default). */
  assert(
    options: PublicKeyCredentialRequestOptionsJSON,
    bend: Bend = {},
    credentialId?: string,
  ): AuthenticationResponseJSON {
    const credential = credentialId
      ? this.credentials.get(credentialId)
      : [...this.credentials.values()].at(-1);
    if (!credential) throw new Error("this authenticator holds no such passkey");
    credential.counter = bend.counter ?? credential.counter + 1;
    const flags = FLAG_USER_PRESENT | (bend.userVerified === false ? 0 : FLAG_USER_VERIFIED);
    const authData = concat(
      sha256(bend.rpId ?? this.rpId),
      new Uint8Array([flags]),
      uint32(credential.counter),
    );
    const clientDataJSON = clientData(
      "webauthn.get",
      bend.challenge ?? options.challenge,
      bend.origin ?? this.origin,
    );
    const signed = concat(authData, sha256(isoBase64URL.toBuffer(clientDataJSON)));
    return {
      id: credential.id,
      rawId: credential.id,
      type: "public-key",
      response: {
        clientDataJSON,
        authenticatorData: isoBase64URL.fromBuffer(authData),
        signature: isoBase64URL.fromBuffer(
          new Uint8Array(sign("sha256", signed, credential.privateKey)),
        ),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }

  /**
   * A passkey of `userId`'s inserted directly, as adding one in settings leaves it (for tests
   * not about adding one). Returns its row's id.
   */
  async insertPasskey(db: Db, userId: string, name = "Test passkey"): Promise<string> {
    const { privateKey, publicKey } = newKeyPair();
    const id = isoBase64URL.fromBuffer(new Uint8Array(randomBytes(32)));
    const userHandle = isoBase64URL.fromUTF8String(userId);
    this.credentials.set(id, { id, privateKey, publicKey, userHandle, counter: 0 });
    const rowId = crypto.randomUUID();
    await db.insert(passkey).values({
      id: rowId,
      userId,
      name,
      credentialId: id,
      publicKey: isoBase64URL.fromBuffer(publicKey),
      counter: 0,
      transports: "internal",
      deviceType: "singleDevice",
      backedUp: false,
    });
    return rowId;
  }
}
