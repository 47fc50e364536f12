package io.mediaopt.client;

import java.lang.reflect.RecordComponent;
import java.util.HashMap;
import java.util.Map;

/**
 * A {@link Result} written as its fields by name, every other field absent (null, or 0 and false
 * where it cannot be null): an expectation that names what it checks and still holds when the
 * result gains a field. A name the result does not have fails.
 */
final class ResultFields {
    private ResultFields() {}

    static Result of(Map<String, Object> fields) {
        Map<String, Object> left = new HashMap<>(fields);
        RecordComponent[] components = Result.class.getRecordComponents();
        Class<?>[] types = new Class<?>[components.length];
        Object[] values = new Object[components.length];
        for (int i = 0; i < components.length; i++) {
            types[i] = components[i].getType();
            values[i] = as(types[i], left.remove(components[i].getName()));
        }
        if (!left.isEmpty()) throw new IllegalArgumentException("Result has no field " + left.keySet());
        try {
            return Result.class.getDeclaredConstructor(types).newInstance(values);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Object as(Class<?> type, Object value) {
        if (value instanceof Number n) {
            if (type == int.class || type == Integer.class) return n.intValue();
            if (type == long.class || type == Long.class) return n.longValue();
            if (type == double.class || type == Double.class) return n.doubleValue();
        }
        if (value != null) return value;
        if (type == boolean.class) return false;
        if (type == int.class) return 0;
        if (type == long.class) return 0L;
        if (type == double.class) return 0.0;
        return null;
    }
}
