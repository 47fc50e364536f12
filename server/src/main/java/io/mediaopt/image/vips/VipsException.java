package io.mediaopt.image.vips;

/**
 * A libvips call failed. The message carries libvips' own error text, which names files and
 * internals: it is for logs, never for API users.
 */
public final class VipsException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String operation;

    public VipsException(String operation, String detail) {
        super(operation + " failed: " + (detail.isBlank() ? "(libvips gave no detail)" : detail.strip()));
        this.operation = operation;
    }

    /** The libvips operation that failed, e.g. {@code webpsave}. */
    String operation() {
        return operation;
    }
}
