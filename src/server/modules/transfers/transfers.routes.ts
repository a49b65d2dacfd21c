import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { route } from "../../lib/endpoint.ts";
import { type CursorCodec, listQuery } from "../../lib/keyset.ts";
import { perUser } from "../../lib/rate-counters.ts";
import { getAdminTransfer, listTransfersPage } from "./transfers.queries.ts";
import {
  acceptTransfer,
  cancelTransfer,
  currentTransfer,
  decideTransfer,
  startTransfer,
  transferOffer,
} from "./transfers.service.ts";

/** A policy's transfer to the buyer of its home: the holder, the buyer, and staff. Every step is audited. */
export async function transferRoutes(
  app: FastifyInstance,
  { db, codec, rateLimitFactor }: { db: Db; codec: CursorCodec; rateLimitFactor: number },
) {
  // each start e-mails an address the holder typed: limited, so the form cannot be used to flood an inbox
  const starts = perUser(10 * rateLimitFactor, "1 hour");
  route(
    app,
    "POST /api/purchases/:id/transfer",
    async (req) => startTransfer(db, req.actor, req.params.id, req.body),
    { rateLimit: starts },
  );
  route(app, "GET /api/purchases/:id/transfer", async (req) => currentTransfer(db, req.actor, req.params.id));
  route(app, "POST /api/purchases/:id/transfer/cancel", async (req) =>
    cancelTransfer(db, req.actor, req.params.id),
  );
  // a token is 256 random bits: guessing is hopeless, the limit only keeps the table quiet
  const tokens = perUser(30 * rateLimitFactor, "1 minute");
  route(app, "POST /api/transfers/offer", async (req) => transferOffer(db, req.actor, req.body.token), {
    rateLimit: tokens,
  });
  route(app, "POST /api/transfers/accept", async (req) => acceptTransfer(db, req.actor, req.body.token), {
    rateLimit: tokens,
  });

  route(app, "GET /api/admin/transfers", async (req) => {
    return listTransfersPage(db, codec, listQuery(req.query, "created", { status: req.query.status }));
  });
  // approval comes with a proof of sale, which may be a document: see transfer-proof.ts
  route(app, "POST /api/admin/transfers/:id/decline", async (req) => {
    const id = await decideTransfer(db, req.actor, req.params.id, "decline");
    return getAdminTransfer(db, id);
  });
}
