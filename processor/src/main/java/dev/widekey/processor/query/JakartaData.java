package dev.widekey.processor.query;

import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * The Jakarta Data 1.0 names the processor recognises, by qualified name: the processor runs
 * without {@code jakarta.data-api} on its own path; the user's code and the generated code compile
 * against it.
 */
final class JakartaData {
  private JakartaData() {}

  static final String REPOSITORY = "jakarta.data.repository.Repository";
  static final String DATA_REPOSITORY = "jakarta.data.repository.DataRepository";
  static final String BASIC_REPOSITORY = "jakarta.data.repository.BasicRepository";
  static final String CRUD_REPOSITORY = "jakarta.data.repository.CrudRepository";
  static final String FIND = "jakarta.data.repository.Find";
  static final String BY = "jakarta.data.repository.By";
  static final String ORDER_BY = "jakarta.data.repository.OrderBy";
  static final String ORDER_BY_LIST = "jakarta.data.repository.OrderBy.List";
  static final String QUERY = "jakarta.data.repository.Query";
  static final String INSERT = "jakarta.data.repository.Insert";
  static final String SAVE = "jakarta.data.repository.Save";
  static final String UPDATE = "jakarta.data.repository.Update";
  static final String DELETE = "jakarta.data.repository.Delete";
  static final String LIMIT = "jakarta.data.Limit";
  static final String SORT = "jakarta.data.Sort";
  static final String ORDER = "jakarta.data.Order";
  static final String PAGE_REQUEST = "jakarta.data.page.PageRequest";
  static final String PAGE = "jakarta.data.page.Page";
  static final String CURSORED_PAGE = "jakarta.data.page.CursoredPage";
  static final String EMPTY_RESULT = "jakarta.data.exceptions.EmptyResultException";

  /** The annotation of this qualified name on {@code e}, or null. */
  static AnnotationMirror annotation(Element e, String name) {
    for (AnnotationMirror m : e.getAnnotationMirrors()) {
      if (((TypeElement) m.getAnnotationType().asElement())
          .getQualifiedName()
          .contentEquals(name)) {
        return m;
      }
    }
    return null;
  }

  /** The value of {@code member} of an annotation, defaults included; or null. */
  static Object value(AnnotationMirror m, String member) {
    for (var e : m.getElementValues().entrySet()) {
      if (e.getKey().getSimpleName().contentEquals(member)) {
        return e.getValue().getValue();
      }
    }
    for (Element e : m.getAnnotationType().asElement().getEnclosedElements()) {
      if (e instanceof ExecutableElement x && x.getSimpleName().contentEquals(member)) {
        AnnotationValue d = x.getDefaultValue();
        return d == null ? null : d.getValue();
      }
    }
    return null;
  }

  /** Whether {@code t} is the declared type of this qualified name (any type arguments). */
  static boolean is(TypeMirror t, String name) {
    return t.getKind() == TypeKind.DECLARED
        && ((TypeElement) ((DeclaredType) t).asElement()).getQualifiedName().contentEquals(name);
  }
}
