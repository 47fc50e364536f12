package io.mediaopt.media;

import io.mediaopt.ErrorCode;
import io.mediaopt.ServiceException;

/** Why a file could not be optimized; each factory is one code of the API. */
public final class MediaException extends ServiceException {
    private static final long serialVersionUID = 1L;


    private MediaException(ErrorCode code, String message, Throwable cause) {
        super(code, message, cause);
    }

    /** 415: not one of the image or video formats the service accepts. */
    public static MediaException unsupportedType(String message) {
        return new MediaException(ErrorCode.UNSUPPORTED_TYPE, message, null);
    }

    /** 422: the decoder or ffprobe cannot read it (corrupt, truncated). */
    public static MediaException unreadable(String message, Throwable cause) {
        return new MediaException(ErrorCode.UNREADABLE_MEDIA, message, cause);
    }

    /** 422: over the pixel, frame or duration limits. */
    public static MediaException limitExceeded(String message) {
        return new MediaException(ErrorCode.LIMIT_EXCEEDED, message, null);
    }

    /** 422: every strategy of the preset failed. */
    public static MediaException encodeFailed(String message, Throwable cause) {
        return new MediaException(ErrorCode.ENCODE_FAILED, message, cause);
    }

    /** 504: probing or encoding ran past its time limit. */
    public static MediaException timeout(String message) {
        return new MediaException(ErrorCode.TIMEOUT, message, null);
    }
}
