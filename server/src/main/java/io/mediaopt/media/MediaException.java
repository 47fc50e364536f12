package io.mediaopt.media;

import io.mediaopt.ServiceException;

/** Why a file could not be optimized; each factory is one code of the API. */
public final class MediaException extends ServiceException {

    private MediaException(int status, String code, String message, Throwable cause) {
        super(status, code, message, cause);
    }

    /** 415: not one of the image or video formats the service accepts. */
    public static MediaException unsupportedType(String message) {
        return new MediaException(415, "unsupported-type", message, null);
    }

    /** 422: the decoder or ffprobe cannot read it (corrupt, truncated). */
    public static MediaException unreadable(String message, Throwable cause) {
        return new MediaException(422, "unreadable-media", message, cause);
    }

    /** 422: over the pixel, frame or duration limits. */
    public static MediaException limitExceeded(String message) {
        return new MediaException(422, "limit-exceeded", message, null);
    }

    /** 422: every strategy of the preset failed. */
    public static MediaException encodeFailed(String message, Throwable cause) {
        return new MediaException(422, "encode-failed", message, cause);
    }

    /** 504: probing or encoding ran past its time limit. */
    public static MediaException timeout(String message) {
        return new MediaException(504, "timeout", message, null);
    }
}
