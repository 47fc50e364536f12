package io.mediaopt.imageurl;

import io.mediaopt.ErrorCode;
import io.mediaopt.ServiceException;

/** The refusals of images by URL that no other route makes. */
final class ImageUrlException extends ServiceException {
    private static final long serialVersionUID = 1L;

    private ImageUrlException(ErrorCode code, String message) {
        super(code, message);
    }

    static ImageUrlException invalidSignature() {
        return new ImageUrlException(ErrorCode.INVALID_SIGNATURE, "The image URL's signature is not valid");
    }

    static ImageUrlException notAllowed(String message) {
        return new ImageUrlException(ErrorCode.SOURCE_NOT_ALLOWED, message);
    }

    static ImageUrlException unreachable(String message) {
        return new ImageUrlException(ErrorCode.SOURCE_UNREACHABLE, message);
    }

    static ImageUrlException timeout(String message) {
        return new ImageUrlException(ErrorCode.TIMEOUT, message);
    }
}
