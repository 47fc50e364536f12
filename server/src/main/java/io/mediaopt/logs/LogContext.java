package io.mediaopt.logs;

import org.slf4j.MDC;

import java.util.function.Supplier;

/**
 * The ids every log line of a piece of work carries: the request's (x-request-id) and the job's.
 * They live in SLF4J's MDC, which belongs to one thread, so a job run on a worker thread sets
 * them again there.
 */
public final class LogContext {
    public static final String REQUEST_ID = "requestId";
    public static final String JOB_ID = "jobId";

    private LogContext() {}

    /** Marks the lines of this thread's request with its id. */
    public static void startRequest(String requestId) {
        MDC.put(REQUEST_ID, requestId);
        MDC.remove(JOB_ID);
    }

    public static void endRequest() {
        MDC.remove(REQUEST_ID);
        MDC.remove(JOB_ID);
    }

    /**
     * Runs {@code work} with the job's id on every line; with the id of the request that created
     * the job too when known (null: the current one, if any, stays).
     */
    public static <T> T withJob(String jobId, String requestId, Supplier<T> work) {
        String outerRequest = MDC.get(REQUEST_ID);
        String outerJob = MDC.get(JOB_ID);
        MDC.put(JOB_ID, jobId);
        if (requestId != null) MDC.put(REQUEST_ID, requestId);
        try {
            return work.get();
        } finally {
            restore(JOB_ID, outerJob);
            restore(REQUEST_ID, outerRequest);
        }
    }

    private static void restore(String key, String value) {
        if (value == null) MDC.remove(key);
        else MDC.put(key, value);
    }
}
