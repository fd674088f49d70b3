package io.github.vwbinlog.spark;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The paths a read was given: Spark passes one as option {@code path}, several as a JSON array {@code paths}. */
final class Paths {
  private Paths() {}

  static List<String> of(Map<String, String> properties) {
    List<String> out = new ArrayList<>();
    properties.forEach((key, value) -> {
      if (key.equalsIgnoreCase("path")) {
        out.add(value);
      } else if (key.equalsIgnoreCase("paths")) {
        try {
          out.addAll(new ObjectMapper().readValue(value, new TypeReference<List<String>>() {}));
        } catch (JsonProcessingException e) {
          throw new IllegalArgumentException("option paths is not a JSON array of strings: " + value, e);
        }
      }
    });
    if (out.isEmpty()) {
      throw new IllegalArgumentException("no path: give load() a file, a directory or a glob");
    }
    return out;
  }
}
