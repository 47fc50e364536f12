package io.mediaopt;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;

/** Four nodes claiming from one store at once, each until it gets nothing more. */
public final class ConcurrentClaims {
    private ConcurrentClaims() {}

    /**
     * Every id handed out, repeats included; {@code claim} takes a node's name and returns the
     * ids it claimed in one call (none when nothing is left).
     */
    public static List<String> byFourNodes(Function<String, List<String>> claim) throws Exception {
        List<String> claimed = Collections.synchronizedList(new ArrayList<>());
        List<Future<?>> nodes = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(4)) {
            for (int t = 0; t < 4; t++) {
                String owner = "n" + t;
                nodes.add(pool.submit(() -> {
                    List<String> batch;
                    while (!(batch = claim.apply(owner)).isEmpty()) claimed.addAll(batch);
                }));
            }
            for (Future<?> node : nodes) node.get();
        }
        return claimed;
    }
}
