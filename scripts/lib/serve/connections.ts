// A cap on open connections that a crowd of slow clients cannot use to lock visitors out.
import type { Server } from 'node:http'
import type { Socket } from 'node:net'

/**
 * Keeps at most `max` sockets open. When a new one would exceed it, the oldest socket that
 * is not in the middle of a request (a client still dribbling its headers, or an idle
 * keep-alive) is closed to make room; only when every socket is busy with a request is the
 * newcomer refused. So a slowloris crowd evicts itself, and a real request still gets in.
 * Returns the live count, for tests and logs.
 */
export function capConnections(server: Server, max: number): () => number {
  const open = new Set<Socket>() // insertion order = age
  const busy = new WeakSet<Socket>()
  server.on('connection', (socket: Socket) => {
    open.add(socket)
    socket.once('close', () => open.delete(socket))
    if (open.size <= max) return
    for (const old of open) {
      if (old === socket || busy.has(old)) continue
      old.destroy()
      open.delete(old)
      return
    }
    socket.destroy()
    open.delete(socket)
  })
  server.on('request', (req, res) => {
    const socket = req.socket
    busy.add(socket)
    res.once('close', () => busy.delete(socket))
  })
  return () => open.size
}
