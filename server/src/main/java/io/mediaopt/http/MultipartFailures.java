package io.mediaopt.http;

import io.mediaopt.ServiceException;
import io.mediaopt.storage.StorageException;
import org.eclipse.jetty.http.HttpException;

import java.util.Locale;
import java.util.concurrent.TimeoutException;

/**
 * Turns Jetty's multipart parsing failures into the API's 413 and 400 answers, and a disk too
 * full to hold the upload into 507. Jetty tells its
 * failures apart only by their messages, so these are matched here, in one place: only a file
 * or a whole body over the size limit is 413; everything else wrong with a form is 400.
 */
public final class MultipartFailures {
    private MultipartFailures() {}

    public static ServiceException translate(Exception failure, long maxInputBytes, int maxTextFieldBytes) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            // the server's own disk, not the client's form: 507 with Retry-After
            if (StorageException.isDiskFull(t)) return new StorageException("The upload could not be stored", failure);
            String message = String.valueOf(t.getMessage()).toLowerCase(Locale.ROOT);
            if (message.contains("max memory file size exceeded")) {
                return ServiceException.invalidInput("A text field of the form is longer than " + maxTextFieldBytes + " bytes");
            }
            if (message.contains("max file size exceeded")
                    || (message.contains("max length exceeded") && !message.contains("headers"))) {
                return ServiceException.tooLarge(maxInputBytes);
            }
            if (message.contains("too many keys") || message.contains("too many parts")) {
                return ServiceException.invalidInput("The form has more than " + ConnectionLimits.MAX_FORM_PARTS
                        + " fields; it needs only \"media\" and \"preset\"");
            }
            if (t instanceof TimeoutException || (t instanceof HttpException http && http.getCode() == 408)) {
                return ServiceException.invalidInput("The upload arrived too slowly and was abandoned");
            }
        }
        return ServiceException.invalidInput("The multipart/form-data body could not be read: it is malformed or incomplete");
    }
}
