package io.mediaopt;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A TCP proxy on 127.0.0.1 in front of a real server that can be made to stall, as a hung server
 * or a network partition does: from {@link #stall} on, it still accepts connections and takes
 * every byte sent to it, but nothing reaches the server and no answer comes back, on open and new
 * connections alike. {@link #pass} lets new connections through again; the stalled ones stay dead.
 */
public final class StallingProxy implements AutoCloseable {
    private final ServerSocket listener;
    private final InetSocketAddress target;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    /** Raised by each stall; a connection forwards only while it is the one it was opened in. */
    private final AtomicInteger era = new AtomicInteger();
    private volatile boolean stalled;

    private StallingProxy(ServerSocket listener, InetSocketAddress target) {
        this.listener = listener;
        this.target = target;
    }

    /** Forwards to {@code port} of 127.0.0.1 until told to stall. */
    public static StallingProxy start(int port) throws IOException {
        StallingProxy proxy = new StallingProxy(new ServerSocket(0, 50, InetAddress.getLoopbackAddress()),
                new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
        Thread.ofVirtual().name("stalling-proxy").start(proxy::accept);
        return proxy;
    }

    public int port() {
        return listener.getLocalPort();
    }

    /** Stops every answer from now on, without refusing or closing anything. */
    public void stall() {
        stalled = true;
        era.incrementAndGet();
    }

    /** Connections opened from now on reach the server again. */
    public void pass() {
        stalled = false;
    }

    private void accept() {
        while (!listener.isClosed()) {
            try {
                Socket client = listener.accept();
                sockets.add(client);
                int openedIn = era.get();
                if (stalled) {
                    Thread.ofVirtual().start(() -> pump(client, null, openedIn));
                    continue;
                }
                Socket server = new Socket(target.getAddress(), target.getPort());
                sockets.add(server);
                Thread.ofVirtual().start(() -> pump(client, server, openedIn));
                Thread.ofVirtual().start(() -> pump(server, client, openedIn));
            } catch (IOException closed) {
                return;
            }
        }
    }

    /** Copies bytes while the connection's era lasts; after that, and with no peer, swallows them. */
    private void pump(Socket from, Socket to, int openedIn) {
        byte[] buffer = new byte[64 * 1024];
        try (InputStream in = from.getInputStream()) {
            OutputStream out = to == null ? null : to.getOutputStream();
            for (int n; (n = in.read(buffer)) >= 0; ) {
                if (out != null && era.get() == openedIn) out.write(buffer, 0, n);
            }
            if (era.get() == openedIn && to != null) to.shutdownOutput();
        } catch (IOException ended) {
            // one side closed the connection
        }
    }

    @Override
    public void close() throws IOException {
        listener.close();
        for (Socket socket : sockets) socket.close();
    }
}
