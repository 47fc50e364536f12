package io.mediaopt.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediaopt.ErrorCode;
import org.eclipse.jetty.http.HttpException;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;

import java.nio.ByteBuffer;

/**
 * Answers the requests Jetty refuses before they reach the API (a request line or a header it
 * cannot parse, a URI or headers over its limits, a path that does not decode) in the API's own
 * form: the JSON error body and the headers every answer carries, where Jetty would send an HTML
 * page, and a page of an allowed origin may read it. It is the server's error handler; errors of
 * the API's routes never come here.
 */
final class ProtocolErrors implements Request.Handler {
    private final ObjectMapper json;
    private final Cors cors;

    ProtocolErrors(ObjectMapper json, Cors cors) {
        this.json = json;
        this.cors = cors;
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws JsonProcessingException {
        int status = response.getStatus();
        String message = (String) request.getAttribute(ErrorHandler.ERROR_MESSAGE);
        if (request.getAttribute(ErrorHandler.ERROR_EXCEPTION) instanceof HttpException refusal) {
            status = refusal.getCode();
            response.setStatus(status);
            if (message == null) message = refusal.getReason();
        }
        if (message == null) message = HttpStatus.getMessage(status);
        HttpFields.Mutable headers = response.getHeaders();
        headers.put(RequestIds.HEADER, RequestIds.choose(request.getHeaders().get(RequestIds.HEADER)));
        headers.put(ApiServer.NO_SNIFF, "nosniff");
        headers.put(HttpHeader.CACHE_CONTROL, "no-store");
        cors.addTo(headers, request.getHeaders());
        if (HttpStatus.hasNoBody(status) || HttpMethod.HEAD.is(request.getMethod())) {
            callback.succeeded();
            return true;
        }
        headers.put(HttpHeader.CONTENT_TYPE, "application/json");
        byte[] body = json.writeValueAsBytes(new ErrorBody("Refused by the HTTP server: " + message,
                ErrorCode.forRefusal(status)));
        response.write(true, ByteBuffer.wrap(body), callback);
        return true;
    }
}
