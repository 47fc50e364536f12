package io.mediaopt.security;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A listener on 127.0.0.1 that records whether anything connected to it: the "remote" server
 * that hostile files point at. Every connection is counted and closed at once.
 */
final class ContactTrap implements AutoCloseable {
    private final ServerSocket socket;
    private final AtomicInteger contacts = new AtomicInteger();
    private final Thread acceptor;

    ContactTrap() throws IOException {
        socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        acceptor = Thread.ofPlatform().daemon().name("contact-trap").start(this::accept);
    }

    /** An http URL on the trap; the extension makes it look like a media segment. */
    String url(String name) {
        return "http://127.0.0.1:" + socket.getLocalPort() + "/" + name;
    }

    int contacts() {
        return contacts.get();
    }

    private void accept() {
        while (!socket.isClosed()) {
            try {
                // counted, then hung up on at once
                socket.accept().close();
                contacts.incrementAndGet();
            } catch (IOException e) {
                // closed
            }
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
        try {
            acceptor.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
