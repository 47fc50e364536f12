package io.mediaopt.client;

/**
 * The calling thread was interrupted while it waited for the service. The thread's interrupt
 * flag is set again before this is thrown, so code further up still sees the interruption.
 */
public class MediaoptInterruptedException extends MediaoptException {
    private static final long serialVersionUID = 1L;

    public MediaoptInterruptedException(String message, InterruptedException cause) {
        super(message, cause);
    }
}
