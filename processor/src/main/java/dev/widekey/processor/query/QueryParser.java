package dev.widekey.processor.query;

import dev.widekey.annotations.WideTable;
import dev.widekey.processor.diagnostics.Diagnostics;
import dev.widekey.processor.model.EntityModel;
import dev.widekey.processor.model.Property;
import dev.widekey.processor.model.ShardSpec;
import dev.widekey.processor.query.QueryMethod.Action;
import dev.widekey.processor.query.QueryMethod.Condition;
import dev.widekey.processor.query.QueryMethod.Operator;
import dev.widekey.processor.query.QueryMethod.Ordering;
import dev.widekey.processor.query.QueryMethod.Result;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Parses a Jakarta Data {@code @Repository} interface into {@link QueryMethod}s: which entity it
 * reads, and for each abstract method its conditions (from the method name or from {@code @Find}
 * parameters), ordering, limit and result. Reports what Jakarta Data allows but widekey refuses,
 * unknown properties and mismatched parameters (WK307) on the method or parameter at fault.
 */
final class QueryParser {
  /** {@code find}, {@code count} or {@code exists}, optional {@code First<N>}, then the rest. */
  private static final Pattern NAME =
      Pattern.compile("^(find|count|exists|delete)(First(\\d*))?By(.*)$");

  /** Where conditions split: {@code And} or {@code Or} before a capital. */
  private static final Pattern CONNECTIVE = Pattern.compile("(?<=[a-z0-9])(And|Or)(?=[A-Z])");

  private final Types types;
  private final Elements elements;
  private final Diagnostics report;

  /** The query interface, whose type arguments give an inherited method its types. */
  private final DeclaredType iface;

  QueryParser(Types types, Elements elements, Diagnostics report, TypeElement iface) {
    this.types = types;
    this.elements = elements;
    this.report = report;
    this.iface = (DeclaredType) iface.asType();
  }

  /**
   * The method's types as a member of the query interface: a method inherited from {@code Reads<E,
   * K>} as {@code Reads<Txn, String>} takes a String, not a K.
   */
  ExecutableType signature(ExecutableElement m) {
    return (ExecutableType) types.asMemberOf(iface, m);
  }

  /** The type of parameter {@code p} as a member of the query interface. */
  private TypeMirror typeOf(VariableElement p) {
    ExecutableElement m = (ExecutableElement) p.getEnclosingElement();
    return signature(m).getParameterTypes().get(m.getParameters().indexOf(p));
  }

  /**
   * The @WideTable entity the interface reads, or empty when it names none or several (each
   * reported, WK307), or inherits a repository widekey does not implement (reported).
   */
  Optional<TypeElement> entityOf(TypeElement iface) {
    Set<TypeElement> found = new LinkedHashSet<>();
    for (TypeMirror s : types.directSupertypes(iface.asType())) {
      if (JakartaData.is(s, JakartaData.BASIC_REPOSITORY)
          || JakartaData.is(s, JakartaData.CRUD_REPOSITORY)) {
        report.error(
            iface,
            QueryMessages.inheritedRepository(
                iface.getSimpleName().toString(),
                ((DeclaredType) s).asElement().getSimpleName().toString()));
        return Optional.empty();
      }
      if (JakartaData.is(s, JakartaData.DATA_REPOSITORY)) {
        List<? extends TypeMirror> args = ((DeclaredType) s).getTypeArguments();
        if (!args.isEmpty()) {
          addEntity(args.get(0), found);
        }
      }
    }
    for (ExecutableElement m : abstractMethods(iface)) {
      TypeMirror r = signature(m).getReturnType();
      addEntity(r, found);
      if (r instanceof DeclaredType d && !d.getTypeArguments().isEmpty()) {
        addEntity(d.getTypeArguments().get(0), found);
      }
      for (VariableElement p : m.getParameters()) {
        addEntity(typeOf(p), found);
      }
    }
    if (found.size() == 1) {
      return Optional.of(found.iterator().next());
    }
    if (found.isEmpty()) {
      report.error(iface, QueryMessages.noEntity(iface.getSimpleName().toString()));
    } else {
      report.error(
          iface,
          QueryMessages.severalEntities(
              iface.getSimpleName().toString(),
              found.stream().map(t -> t.getSimpleName().toString()).toList()));
    }
    return Optional.empty();
  }

  private static void addEntity(TypeMirror t, Set<TypeElement> found) {
    if (t.getKind() == TypeKind.DECLARED) {
      TypeElement e = (TypeElement) ((DeclaredType) t).asElement();
      if (e.getAnnotation(WideTable.class) != null) {
        found.add(e);
      }
    }
  }

  /** The interface's abstract methods, its own and inherited, without Object's. */
  List<ExecutableElement> abstractMethods(TypeElement iface) {
    return ElementFilter.methodsIn(elements.getAllMembers(iface)).stream()
        .filter(m -> m.getModifiers().contains(Modifier.ABSTRACT) && !objectMethod(m))
        .toList();
  }

  /**
   * Whether {@code m} redeclares a public method of Object ({@code String toString();} on an
   * interface, to document it): every implementation inherits one, so it is no query.
   */
  private boolean objectMethod(ExecutableElement m) {
    TypeElement object = elements.getTypeElement(Object.class.getName());
    for (ExecutableElement o : ElementFilter.methodsIn(object.getEnclosedElements())) {
      if (o.getModifiers().contains(Modifier.PUBLIC)
          && o.getSimpleName().equals(m.getSimpleName())
          && o.getParameters().size() == m.getParameters().size()) {
        boolean same = true;
        for (int i = 0; i < o.getParameters().size(); i++) {
          same &=
              types.isSameType(
                  types.erasure(o.getParameters().get(i).asType()),
                  types.erasure(m.getParameters().get(i).asType()));
        }
        if (same) {
          return true;
        }
      }
    }
    return false;
  }

  /** The method as a query, or empty when it breaks a rule (reported). */
  Optional<QueryMethod> parse(ExecutableElement m, EntityModel entity) {
    String name = m.getSimpleName().toString();
    if (JakartaData.annotation(m, JakartaData.QUERY) != null) {
      return refuse(
          m,
          "@Query",
          "a JDQL query is text the compiler cannot check against the key; declare the read as a"
              + " query by method name or with @Find");
    }
    for (String[] lifecycle :
        new String[][] {
          {JakartaData.INSERT, "Insert"},
          {JakartaData.SAVE, "Save"},
          {JakartaData.UPDATE, "Update"},
          {JakartaData.DELETE, "Delete"}
        }) {
      if (JakartaData.annotation(m, lifecycle[0]) != null) {
        return lifecycle(m, entity, Action.valueOf(lifecycle[1].toUpperCase(Locale.ROOT)));
      }
    }
    boolean find = JakartaData.annotation(m, JakartaData.FIND) != null;
    Special special = special(m);
    if (special == null) {
      return Optional.empty();
    }
    VariableElement since = null;
    VariableElement until = null;
    if (ShardSpec.of(entity).isPresent()) {
      // every read of period tables names its window: the last two parameters, since and until
      List<VariableElement> params = special.conditionParameters;
      int n = params.size();
      if (n < 2 || !window(params.get(n - 2), "since") || !window(params.get(n - 1), "until")) {
        report.error(m, QueryMessages.windowParameters(name, entity.simpleName()));
        return Optional.empty();
      }
      since = params.get(n - 2);
      until = params.get(n - 1);
      special =
          new Special(special.limit, special.pageRequest, List.copyOf(params.subList(0, n - 2)));
    }
    List<Condition> conditions = new ArrayList<>();
    List<Ordering> ordering = new ArrayList<>();
    Action action = Action.FIND;
    int first = 0;
    if (find) {
      if (!findConditions(m, entity, special.conditionParameters, conditions)) {
        return Optional.empty();
      }
    } else {
      Matcher n = NAME.matcher(name);
      if (!n.matches()) {
        return refuse(
            m,
            "a method name that is no query",
            "a query interface's methods are queries by method name (findBy..., countBy...,"
                + " existsBy...), @Find methods or lifecycle methods");
      }
      switch (n.group(1)) {
        case "count" -> action = Action.COUNT;
        case "exists" -> action = Action.EXISTS;
        case "delete" -> {
          return refuse(
              m,
              "deleteBy",
              "a delete by query reads every matching row first; delete entities with @Delete or"
                  + " by key through the generated repository");
        }
        default -> action = Action.FIND;
      }
      if (n.group(2) != null) {
        first = n.group(3).isEmpty() ? 1 : first(n.group(3));
        if (first == 0) {
          // First0 would read without a limit; a number past an int, with none it could keep
          return refuse(
              m,
              n.group(2),
              "a query reads at most N rows with First followed by a number from 1 to "
                  + Integer.MAX_VALUE
                  + " (First alone reads one)");
        }
      }
      String body = n.group(4);
      int orderBy = body.indexOf("OrderBy");
      String where = orderBy < 0 ? body : body.substring(0, orderBy);
      if (!whereConditions(m, entity, where, special.conditionParameters, conditions)) {
        return Optional.empty();
      }
      if (orderBy >= 0 && !nameOrdering(m, entity, body.substring(orderBy + 7), ordering)) {
        return Optional.empty();
      }
    }
    if (!annotationOrdering(m, entity, ordering)) {
      return Optional.empty();
    }
    if (first > 0 && special.limit != null) {
      return refuse(m, "both First and a Limit", "they state the limit twice; keep one");
    }
    Optional<Result> result = result(m, entity, action, first, special);
    if (result.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        new QueryMethod(
            m,
            signature(m),
            action,
            conditions,
            ordering,
            first,
            special.limit,
            special.pageRequest,
            since,
            until,
            result.get(),
            null));
  }

  /**
   * {@code where} from {@code start} split at {@code And}s before a capital into parts that each
   * name a property (with an operator), trying the shortest first part first; null if none does.
   */
  private static List<String> splitAtAnd(EntityModel entity, String where, int start) {
    for (int k = where.indexOf("And", start + 1); k >= 0; k = where.indexOf("And", k + 1)) {
      if (k + 3 < where.length()
          && Character.isUpperCase(where.charAt(k + 3))
          && resolves(entity, where.substring(start, k))) {
        List<String> rest = splitAtAnd(entity, where, k + 3);
        if (rest != null) {
          List<String> parts = new ArrayList<>(List.of(where.substring(start, k)));
          parts.addAll(rest);
          return parts;
        }
      }
    }
    return resolves(entity, where.substring(start)) ? List.of(where.substring(start)) : null;
  }

  /**
   * The parts of a condition no split resolves, each split again after a leading property it names
   * and an And ("KAndW" to "K", "W"), so that the error names the part at fault, not the whole
   * "kAndW".
   */
  private static List<String> splitAfterKnown(EntityModel entity, List<String> parts) {
    List<String> out = new ArrayList<>();
    for (String part : parts) {
      String rest = part;
      boolean split = true;
      while (split && !resolves(entity, rest)) {
        split = false;
        for (int k = rest.indexOf("And", 1); k >= 0; k = rest.indexOf("And", k + 1)) {
          if (k + 3 < rest.length()
              && Character.isUpperCase(rest.charAt(k + 3))
              && resolves(entity, rest.substring(0, k))) {
            out.add(rest.substring(0, k));
            rest = rest.substring(k + 3);
            split = true;
            break;
          }
        }
      }
      out.add(rest);
    }
    return out;
  }

  /** Whether a condition's text names a property, alone or followed by an operator keyword. */
  private static boolean resolves(EntityModel entity, String part) {
    if (named(entity, part) != null) {
      return true;
    }
    for (Operator o : Operator.values()) {
      if (o != Operator.EQUAL
          && part.endsWith(o.keyword)
          && part.length() > o.keyword.length()
          && named(entity, part.substring(0, part.length() - o.keyword.length())) != null) {
        return true;
      }
    }
    return false;
  }

  /** The number of {@code First<N>}, or 0 when it is 0 or more than an int holds. */
  private static int first(String digits) {
    String n = digits.replaceFirst("^0+(?=.)", "");
    return n.length() > 10 || Long.parseLong(n) > Integer.MAX_VALUE ? 0 : Integer.parseInt(n);
  }

  private Optional<QueryMethod> refuse(ExecutableElement m, String part, String why) {
    report.error(m, QueryMessages.unsupported(m.getSimpleName().toString(), part, why));
    return Optional.empty();
  }

  private Optional<QueryMethod> lifecycle(ExecutableElement m, EntityModel entity, Action action) {
    TypeMirror e = entity.type().asType();
    TypeMirror r = signature(m).getReturnType();
    boolean returns =
        r.getKind() == TypeKind.VOID || (action != Action.DELETE && types.isSameType(r, e));
    if (m.getParameters().size() != 1
        || !types.isSameType(typeOf(m.getParameters().get(0)), e)
        || !returns) {
      report.error(
          m,
          QueryMessages.lifecycleParameter(
              m.getSimpleName().toString(),
              action.name().charAt(0) + action.name().substring(1).toLowerCase(Locale.ROOT),
              entity.simpleName()));
      return Optional.empty();
    }
    return Optional.of(
        new QueryMethod(
            m,
            signature(m),
            action,
            List.of(),
            List.of(),
            0,
            null,
            null,
            null,
            null,
            r.getKind() == TypeKind.VOID ? Result.VOID : Result.ENTITY,
            m.getParameters().get(0)));
  }

  /** Whether {@code p} is an {@code Instant} named {@code name}: a bound of a time window. */
  private boolean window(VariableElement p, String name) {
    return p.getSimpleName().contentEquals(name) && JakartaData.is(typeOf(p), "java.time.Instant");
  }

  /** The special parameters (limit, page request), and the rest: the conditions' parameters. */
  private record Special(
      VariableElement limit,
      VariableElement pageRequest,
      List<VariableElement> conditionParameters) {}

  private Special special(ExecutableElement m) {
    VariableElement limit = null;
    VariableElement page = null;
    List<VariableElement> rest = new ArrayList<>();
    for (VariableElement p : m.getParameters()) {
      TypeMirror t = typeOf(p);
      boolean isLimit = JakartaData.is(t, JakartaData.LIMIT);
      if (isLimit && limit != null
          || !isLimit && page != null && JakartaData.is(t, JakartaData.PAGE_REQUEST)) {
        report.error(
            p,
            QueryMessages.unsupported(
                m.getSimpleName().toString(),
                "two " + (isLimit ? "Limit" : "PageRequest") + " parameters",
                "one of them would be ignored; keep one"));
        return null;
      } else if (isLimit) {
        limit = p;
      } else if (JakartaData.is(t, JakartaData.PAGE_REQUEST)) {
        page = p;
      } else if (JakartaData.is(t, JakartaData.SORT)
          || JakartaData.is(t, JakartaData.ORDER)
          || (t instanceof ArrayType a && JakartaData.is(a.getComponentType(), JakartaData.SORT))) {
        report.error(
            p,
            QueryMessages.unsupported(
                m.getSimpleName().toString(),
                "a Sort parameter",
                "an order chosen at run time cannot be checked against the key order; declare it"
                    + " with OrderBy in the name or @OrderBy"));
        return null;
      } else {
        rest.add(p);
      }
    }
    return new Special(limit, page, rest);
  }

  // ---- @Find ----

  private boolean findConditions(
      ExecutableElement m, EntityModel entity, List<VariableElement> params, List<Condition> out) {
    String method = m.getSimpleName().toString();
    for (VariableElement p : params) {
      AnnotationMirror by = JakartaData.annotation(p, JakartaData.BY);
      String name =
          by == null ? p.getSimpleName().toString() : (String) JakartaData.value(by, "value");
      Property property = property(entity, name);
      if (property == null) {
        report.error(
            p,
            by == null
                ? QueryMessages.unmatchedParameter(p.getSimpleName().toString(), method)
                : unknownProperty(method, name, entity));
        return false;
      }
      if (!typeFits(p, property)) {
        return false;
      }
      out.add(new Condition(property, Operator.EQUAL, List.of(p)));
    }
    return true;
  }

  // ---- query by method name ----

  private boolean whereConditions(
      ExecutableElement m,
      EntityModel entity,
      String where,
      List<VariableElement> params,
      List<Condition> out) {
    String method = m.getSimpleName().toString();
    if (where.isEmpty()) {
      return checkCount(m, params, 0, List.of());
    }
    Matcher c = CONNECTIVE.matcher(where);
    List<String> parts = new ArrayList<>();
    int at = 0;
    while (c.find()) {
      if (c.group(1).equals("Or")) {
        refuse(
            m,
            "Or",
            "each alternative is a read of its own, and their rows would have to be merged and"
                + " deduplicated; declare one method per alternative");
        return false;
      }
      parts.add(where.substring(at, c.start()));
      at = c.end();
    }
    parts.add(where.substring(at));
    if (!parts.stream().allMatch(part -> resolves(entity, part))) {
      // a property ending in a capital (tenantID, k) hides the And after it from CONNECTIVE
      List<String> split = splitAtAnd(entity, where, 0);
      parts = split != null ? split : splitAfterKnown(entity, parts);
    }
    List<Property> properties = new ArrayList<>();
    List<Operator> operators = new ArrayList<>();
    for (String part : parts) {
      Property exact = named(entity, part);
      Operator op = Operator.EQUAL;
      String rest = part;
      if (exact == null) {
        String refused = refusedKeyword(part);
        if (refused != null) {
          refuse(m, refused, why(refused));
          return false;
        }
        for (Operator o : byLength()) {
          if (o != Operator.EQUAL
              && part.endsWith(o.keyword)
              && part.length() > o.keyword.length()) {
            op = o;
            rest = part.substring(0, part.length() - o.keyword.length());
            break;
          }
        }
        for (String modifier : List.of("Not", "IgnoreCase")) {
          if (rest.endsWith(modifier) && named(entity, rest) == null) {
            refuse(m, modifier, why(modifier));
            return false;
          }
        }
      }
      Property p = exact != null ? exact : named(entity, rest);
      if (p == null) {
        report.error(m, unknownProperty(method, decapitalize(rest), entity));
        return false;
      }
      properties.add(p);
      operators.add(op);
    }
    int needed = operators.stream().mapToInt(o -> o.parameters).sum();
    if (!checkCount(m, params, needed, properties.stream().map(Property::name).toList())) {
      return false;
    }
    int next = 0;
    for (int i = 0; i < properties.size(); i++) {
      List<VariableElement> own = params.subList(next, next + operators.get(i).parameters);
      next += own.size();
      for (VariableElement p : own) {
        if (!typeFits(p, properties.get(i))) {
          return false;
        }
      }
      out.add(new Condition(properties.get(i), operators.get(i), List.copyOf(own)));
    }
    return true;
  }

  private boolean checkCount(
      ExecutableElement m, List<VariableElement> params, int needed, List<String> of) {
    if (params.size() != needed) {
      report.error(
          m, QueryMessages.parameterCount(m.getSimpleName().toString(), params.size(), needed, of));
      return false;
    }
    return true;
  }

  private static List<Operator> byLength() {
    return java.util.Arrays.stream(Operator.values())
        .sorted(Comparator.comparingInt((Operator o) -> o.keyword.length()).reversed())
        .toList();
  }

  /** The Jakarta Data keywords widekey refuses, longest first. */
  private static final List<String> REFUSED =
      List.of("StartsWith", "EndsWith", "Contains", "False", "True", "Like", "Null", "In");

  private static String refusedKeyword(String part) {
    for (String k : REFUSED) {
      if (part.endsWith(k) && part.length() > k.length()) {
        return k;
      }
    }
    return null;
  }

  private static String why(String keyword) {
    return switch (keyword) {
      case "Not" ->
          "a negation matches rows all over the key range, so it reads them all; state the range"
              + " that is wanted";
      case "IgnoreCase" ->
          "keys compare byte for byte, so rows of other cases lie elsewhere in the table; store"
              + " the key in one case and query with that case";
      case "In" ->
          "each value is a read of its own, merged in key order; call the method once per value";
      case "Null" -> "key components are never null (WK111), and attributes are found by scanning";
      case "True", "False" ->
          "a boolean is no key component, so the condition would filter a scan of the table";
      default ->
          "a pattern is matched by reading rows, not found by key; query by a leftmost prefix"
              + " of the key";
    };
  }

  private boolean nameOrdering(
      ExecutableElement m, EntityModel entity, String text, List<Ordering> out) {
    List<Property> byLength =
        entity.properties().stream()
            .sorted(Comparator.comparingInt((Property p) -> p.name().length()).reversed())
            .toList();
    int at = 0;
    while (at < text.length()) {
      Property match = null;
      for (Property p : byLength) {
        if (text.startsWith(capitalize(p.name()), at)) {
          match = p;
          break;
        }
      }
      if (match == null) {
        String rest = text.substring(at).replaceFirst("(Asc|Desc).*$", "");
        report.error(m, unknownProperty(m.getSimpleName().toString(), decapitalize(rest), entity));
        return false;
      }
      at += match.name().length();
      boolean descending = false;
      if (text.startsWith("Desc", at)) {
        descending = true;
        at += 4;
      } else if (text.startsWith("Asc", at)) {
        at += 3;
      }
      out.add(new Ordering(match, descending));
    }
    return true;
  }

  private boolean annotationOrdering(ExecutableElement m, EntityModel entity, List<Ordering> out) {
    List<AnnotationMirror> orders = new ArrayList<>();
    AnnotationMirror one = JakartaData.annotation(m, JakartaData.ORDER_BY);
    if (one != null) {
      orders.add(one);
    }
    AnnotationMirror list = JakartaData.annotation(m, JakartaData.ORDER_BY_LIST);
    if (list != null) {
      @SuppressWarnings("unchecked")
      List<? extends AnnotationValue> values =
          (List<? extends AnnotationValue>) JakartaData.value(list, "value");
      for (AnnotationValue v : values) {
        orders.add((AnnotationMirror) v.getValue());
      }
    }
    for (AnnotationMirror o : orders) {
      String name = (String) JakartaData.value(o, "value");
      Property p = property(entity, name);
      if (p == null) {
        report.error(m, o, unknownProperty(m.getSimpleName().toString(), name, entity));
        return false;
      }
      boolean ignoreCase = Boolean.TRUE.equals(JakartaData.value(o, "ignoreCase"));
      if (ignoreCase) {
        report.error(
            m,
            o,
            QueryMessages.unsupported(
                m.getSimpleName().toString(), "IgnoreCase", why("IgnoreCase")));
        return false;
      }
      out.add(new Ordering(p, Boolean.TRUE.equals(JakartaData.value(o, "descending"))));
    }
    return true;
  }

  // ---- the result ----

  private Optional<Result> result(
      ExecutableElement m, EntityModel entity, Action action, int first, Special special) {
    String method = m.getSimpleName().toString();
    TypeMirror r = signature(m).getReturnType();
    TypeMirror e = entity.type().asType();
    if (JakartaData.is(r, JakartaData.PAGE)) {
      refuse(
          m,
          "Page",
          "offset pagination over a wide table scans from the start for every page, and its"
              + " total count reads the whole range; return CursoredPage with a PageRequest");
      return Optional.empty();
    }
    if (JakartaData.is(r, JakartaData.CURSORED_PAGE)) {
      if (special.pageRequest == null) {
        report.error(m, QueryMessages.cursoredPageWithoutRequest(method));
        return Optional.empty();
      }
      List<? extends TypeMirror> args = ((DeclaredType) r).getTypeArguments();
      if (action != Action.FIND || args.size() != 1 || !types.isSameType(args.get(0), e)) {
        report.error(m, QueryMessages.unsupportedResult(method, r.toString()));
        return Optional.empty();
      }
      if (first > 0 || special.limit != null) {
        report.error(m, QueryMessages.pageWithLimit(method));
        return Optional.empty();
      }
      return Optional.of(Result.PAGE);
    }
    if (special.pageRequest != null) {
      report.error(special.pageRequest, QueryMessages.pageRequestWithoutPage(method));
      return Optional.empty();
    }
    Result result = classify(r, e);
    boolean fits =
        switch (action) {
          case COUNT -> result == Result.LONG || result == Result.INT;
          case EXISTS -> result == Result.BOOLEAN;
          default ->
              result == Result.ENTITY
                  || result == Result.OPTIONAL
                  || result == Result.STREAM
                  || result == Result.LIST;
        };
    if (!fits) {
      report.error(m, QueryMessages.unsupportedResult(method, r.toString()));
      return Optional.empty();
    }
    return Optional.of(result);
  }

  private Result classify(TypeMirror r, TypeMirror e) {
    switch (r.getKind()) {
      case LONG:
        return Result.LONG;
      case INT:
        return Result.INT;
      case BOOLEAN:
        return Result.BOOLEAN;
      case DECLARED:
        break;
      default:
        return null;
    }
    if (types.isSameType(r, e)) {
      return Result.ENTITY;
    }
    String raw = ((TypeElement) ((DeclaredType) r).asElement()).getQualifiedName().toString();
    switch (raw) {
      case "java.lang.Long":
        return Result.LONG;
      case "java.lang.Integer":
        return Result.INT;
      case "java.lang.Boolean":
        return Result.BOOLEAN;
      default:
        break;
    }
    List<? extends TypeMirror> args = ((DeclaredType) r).getTypeArguments();
    if (args.size() != 1 || !types.isSameType(args.get(0), e)) {
      return null;
    }
    return switch (raw) {
      case "java.util.Optional" -> Result.OPTIONAL;
      case "java.util.stream.Stream" -> Result.STREAM;
      case "java.util.List" -> Result.LIST;
      default -> null;
    };
  }

  // ---- properties and parameters ----

  private boolean typeFits(VariableElement p, Property property) {
    if (!types.isSameType(boxed(typeOf(p)), boxed(property.type()))) {
      report.error(
          p,
          QueryMessages.parameterType(
              p.getSimpleName().toString(),
              typeOf(p).toString(),
              property.name(),
              property.type().toString()));
      return false;
    }
    return true;
  }

  private TypeMirror boxed(TypeMirror t) {
    return t.getKind().isPrimitive()
        ? types.boxedClass(types.getPrimitiveType(t.getKind())).asType()
        : t;
  }

  private static Property property(EntityModel entity, String name) {
    for (Property p : entity.properties()) {
      if (p.name().equals(name)) {
        return p;
      }
    }
    return null;
  }

  /** The property a method name spells {@code text}: {@code CardId} for cardId (or CardId). */
  private static Property named(EntityModel entity, String text) {
    Property p = property(entity, decapitalize(text));
    return p != null ? p : property(entity, text);
  }

  /** The entity's property name closest to {@code name} (Levenshtein, ignoring case). */
  /**
   * Why {@code name} is no property of the entity: unstored ({@code @Transient}) when it is, else
   * unknown, with the closest stored property.
   */
  static String unknownProperty(String method, String name, EntityModel entity) {
    return entity
        .unstoredMarker(name)
        .map(marker -> QueryMessages.unstoredProperty(method, name, entity.simpleName(), marker))
        .orElseGet(
            () ->
                QueryMessages.unknownProperty(
                    method, name, entity.simpleName(), closest(entity, name)));
  }

  static String closest(EntityModel entity, String name) {
    return entity.closestProperty(name, Integer.MAX_VALUE).orElse("?");
  }

  static String decapitalize(String s) {
    return s.isEmpty() ? s : Character.toLowerCase(s.charAt(0)) + s.substring(1);
  }

  static String capitalize(String s) {
    return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
  }
}
