package io.github.vwbinlog.core.output;

import java.nio.charset.StandardCharsets;

/**
 * The fixed fragments of DSJSON lines, punctuation included, in the order SPEC §8.4 gives per type, for
 * {@link DsjsonWriter}.
 */
final class DsjsonFragments {
  private DsjsonFragments() {}

  static final byte[] CB_LABEL_COST = ascii("{\"_label_cost\":");
  static final byte[] CB_LABEL_PROBABILITY = ascii(",\"_label_probability\":");
  static final byte[] CB_LABEL_ACTION = ascii(",\"_label_Action\":");
  static final byte[] CB_LABEL_INDEX = ascii(",\"_labelIndex\":");
  static final byte[] SKIP_LEARN = ascii(",\"_skipLearn\":true");
  static final byte[] O_OPEN = ascii(",\"o\":[");
  static final byte[] TIMESTAMP = ascii(",\"Timestamp\":");
  static final byte[] FIRST_TIMESTAMP = ascii("{\"Timestamp\":");
  static final byte[] VERSION = ascii(",\"Version\":\"1\"");
  static final byte[] EVENT_ID = ascii(",\"EventId\":");
  static final byte[] A_OPEN = ascii(",\"a\":[");
  static final byte[] C = ascii(",\"c\":");
  static final byte[] P_OPEN = ascii(",\"p\":[");
  static final byte[] VW_STATE = ascii(",\"VWState\":{\"m\":");
  static final byte[] PDROP = ascii(",\"pdrop\":");
  static final byte[] ORIGINAL_LABEL_COST = ascii(",\"_original_label_cost\":");
  static final byte[] OUTCOME_V = ascii("{\"v\":");
  static final byte[] OUTCOME_EVENT_ID_FIRST = ascii("{\"EventId\":");
  static final byte[] OUTCOME_INDEX = ascii(",\"Index\":");
  static final byte[] OUTCOME_ACTION_TAKEN = ascii(",\"ActionTaken\":");
  static final byte[] SLOTS_OPEN = ascii(",\"_outcomes\":[");
  static final byte[] SLOT_LABEL_COST = ascii("{\"_label_cost\":");
  static final byte[] SLOT_ID = ascii(",\"_id\":");
  static final byte[] SLOT_A_OPEN = ascii(",\"_a\":[");
  static final byte[] SLATES_SLOT_A_OPEN = ascii("{\"_a\":[");
  static final byte[] SLOT_P_OPEN = ascii(",\"_p\":[");
  static final byte[] SLOT_O_OPEN = ascii(",\"_o\":[");
  static final byte[] BASELINE_OPEN = ascii(",\"_ba\":[");
  static final byte[] LABEL_COST = ascii(",\"_label_cost\":");
  static final byte[] CA_COST = ascii("{\"_label_ca\":{\"cost\":");
  static final byte[] CA_PDF_VALUE = ascii(",\"pdf_value\":");
  static final byte[] CA_ACTION = ascii(",\"action\":");
  static final byte[] LINE_END = ascii("}\n");


  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }
}
