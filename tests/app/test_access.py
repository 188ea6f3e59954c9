from tournament import db
from tournament.models import Organiser
from tournament.services import accounts


def test_first_visit_creates_the_organiser_account_and_logs_in(client, app):
    response = client.post("/setup", data={"username": "teacher", "password": "long enough", "confirm": "long enough"})
    assert response.status_code == 302
    assert client.get("/").status_code == 200
    with app.app_context():
        stored = db.session().query(Organiser).one()
        assert stored.password_hash != "long enough" and stored.password_hash.startswith(accounts.HASH_METHOD)


def test_setup_is_closed_once_an_organiser_exists(organiser, client):
    client.post("/logout")
    response = client.post("/setup", data={"username": "intruder", "password": "long enough", "confirm": "long enough"})
    assert response.status_code == 302 and response.headers["Location"].endswith("/login")


def test_organiser_pages_redirect_anonymous_visitors_to_login(organiser, client):
    client.post("/logout")
    response = client.get("/events/1/standings")
    assert response.status_code == 302
    assert "/login?next=/events/1/standings" in response.headers["Location"]


def test_wrong_password_is_refused_with_401(organiser, client):
    client.post("/logout")
    response = client.post("/login", data={"username": "teacher", "password": "wrong"})
    assert response.status_code == 401
    assert "Wrong username or password" in response.get_data(as_text=True)


def test_login_never_redirects_to_another_site(organiser, client):
    client.post("/logout")
    response = client.post("/login?next=//evil.example/x", data={"username": "teacher", "password": "correct horse"})
    assert response.headers["Location"] == "/"


def test_cli_creates_and_resets_an_organiser(runner, app):
    created = runner.invoke(args=["create-organiser", "ana"], input="secret-one\nsecret-one\n")
    reset = runner.invoke(args=["create-organiser", "ana"], input="secret-two\nsecret-two\n")
    assert "created" in created.output and "password reset" in reset.output
    with app.app_context():
        from tournament.services import accounts
        assert accounts.authenticate(db.session(), "ana", "secret-two") is not None
        assert accounts.authenticate(db.session(), "ana", "secret-one") is None


def test_posts_without_csrf_token_are_refused(app, organiser):
    app.config["WTF_CSRF_ENABLED"] = True
    response = organiser.post("/events", data={"name": "No token", "round_minutes": "7"})
    assert response.status_code == 400
    assert "Form expired" in response.get_data(as_text=True)
