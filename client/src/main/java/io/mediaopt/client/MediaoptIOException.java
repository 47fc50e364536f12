package io.mediaopt.client;

import java.io.IOException;

/**
 * The request could not be completed: connection refused or reset, request timeout, or a local
 * file that could not be read or written. Wraps the {@link IOException} so the whole API stays
 * unchecked.
 */
public class MediaoptIOException extends MediaoptException {
    private static final long serialVersionUID = 1L;

    public MediaoptIOException(String message, IOException cause) {
        super(message, cause);
    }

    @Override
    public synchronized IOException getCause() {
        return (IOException) super.getCause();
    }
}
