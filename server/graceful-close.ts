import type { Server, ServerResponse } from "node:http";

/**
 * Closes an HTTP server the way a SIGTERM should (ADR 042): no new connections, the requests in
 * flight answered, then nothing left open. Node's own `server.close()` stops listening and ends
 * idle connections, but a keep-alive connection busy when it is called stays open after its answer
 * until the keep-alive timeout (5 s), and may carry further requests meanwhile. So, from the moment
 * closing begins, every answer not yet under way says `Connection: close`, and each connection is
 * ended as soon as its last answer is out.
 *
 * Call it when the server is made (it counts the requests from the first); `close()` resolves
 * once every connection has ended.
 */
export function gracefulCloser(server: Server) {
  const open = new Set<ServerResponse>();
  let closing = false;
  server.on("request", (_request, response: ServerResponse) => {
    if (closing) response.setHeader("Connection", "close");
    open.add(response);
    response.once("close", () => {
      open.delete(response);
      if (closing) server.closeIdleConnections();
    });
  });
  return {
    /** Requests being answered now. */
    inFlight: () => open.size,
    close(): Promise<void> {
      closing = true;
      const closed = new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
      for (const response of open) {
        if (!response.headersSent) response.setHeader("Connection", "close");
      }
      server.closeIdleConnections();
      return closed;
    },
  };
}
